import type { Metadata } from "next";

import { DashboardShell } from "@/components/dashboard/shell";
import { PageLinkRouter } from "@/components/ui/page-link-router";
import { Toaster } from "@/components/ui/toast";
import { getDashboardSession } from "@/lib/auth/session";

export const metadata: Metadata = {
  title: { default: "Dashboard", template: "%s · Paylink" },
  robots: { index: false, follow: false },
};

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  // Redirects to /login when there is no session. Ungated: a member who must first turn on two-factor
  // sign-in gets the shell without its sections (each page's getDashboardContext sends them to enrol).
  const { user, merchant, role, merchants, twoFactorSetupRequired } = await getDashboardSession();

  return (
    <DashboardShell user={user} merchant={merchant} role={role} merchants={merchants} restricted={twoFactorSetupRequired}>
      {children}
      {/* Only the dashboard raises toasts: sign-up and the other pages do not load sonner. */}
      <Toaster />
      {/* The dashboard's server-drawn links (PageLink) navigate client-side through this one listener. */}
      <PageLinkRouter />
    </DashboardShell>
  );
}
