import type { Metadata } from "next";

import { AuthFrame } from "@/components/auth/auth-frame";

export const metadata: Metadata = {
  robots: { index: false, follow: true },
};

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return <AuthFrame>{children}</AuthFrame>;
}
