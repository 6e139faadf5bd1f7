import type { Metadata, Viewport } from "next";

import { Toaster } from "@/components/ui/toast";
import "./globals.css";

export const metadata: Metadata = {
  title: {
    template: "%s · Paylink",
    default: "Paylink · Collect payments in naira",
  },
  description:
    "Paylink helps Nigerian businesses collect payments in naira with payment links, invoices and a developer API.",
  applicationName: "Paylink",
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0b6b4f",
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body className="min-h-dvh bg-background font-sans text-foreground">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
