import type { Metadata } from "next";

import { DashboardShell } from "@/components/dashboard/shell";
import { Providers } from "@/components/providers";
import { getDashboardContext } from "@/lib/auth/session";

export const metadata: Metadata = {
  title: { default: "Dashboard", template: "%s · Paylink" },
  robots: { index: false, follow: false },
};

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  // Redirects to /login when there is no session.
  const { user, merchant, role, merchants } = await getDashboardContext();

  return (
    <Providers>
      <DashboardShell user={user} merchant={merchant} role={role} merchants={merchants}>
        {children}
      </DashboardShell>
    </Providers>
  );
}
