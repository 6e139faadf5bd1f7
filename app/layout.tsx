import type { Metadata, Viewport } from "next";
import { connection } from "next/server";

import "./globals.css";

export const metadata: Metadata = {
  title: {
    template: "%s · Paylink",
    default: "Paylink · Collect payments in naira",
  },
  description: "Paylink helps Nigerian businesses collect payments in naira with payment links, invoices and a developer API.",
  applicationName: "Paylink",
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0b6b4f",
};

// Rendered per request: Next can only put proxy.ts's CSP nonce on the scripts of a dynamic render.
export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh bg-background font-sans text-foreground">{children}</body>
    </html>
  );
}
