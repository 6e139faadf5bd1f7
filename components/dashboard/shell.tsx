// The dashboard's frame, drawn on the server: only the sections list, the menus, the drawer's button
// and the Test/Live switch are client islands (sidebar-nav.tsx, shell-islands.tsx, mode-toggle.tsx).
import Link from "next/link";

import { Logo } from "@/components/brand/logo";
import { ModeToggle } from "@/components/dashboard/mode-toggle";
import { MerchantSummary, RestrictedNav, type DashboardShellProps } from "@/components/dashboard/shell-parts";
import { AccountMenu, MerchantSwitcher, MobileNav } from "@/components/dashboard/shell-islands";
import { SidebarNav } from "@/components/dashboard/sidebar-nav";

export type { DashboardShellProps };

export function DashboardShell({ user, merchant, role, merchants, restricted = false, children }: DashboardShellProps) {
  return (
    <div className="min-h-dvh bg-surface">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow-popover"
      >
        Skip to content
      </a>

      {/* Desktop sidebar */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r bg-sidebar lg:flex">
        <div className="flex h-16 shrink-0 items-center border-b px-5">
          <Link href="/dashboard" className="rounded-md" aria-label="Paylink dashboard home">
            <Logo />
          </Link>
        </div>
        {restricted ? <RestrictedNav /> : <SidebarNav role={role} />}
        <MerchantSummary merchant={merchant} role={role} />
      </aside>

      <div className="flex min-h-dvh flex-col lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:gap-3 sm:px-4 lg:px-8">
          {/* Phone/tablet drawer */}
          <MobileNav merchant={merchant} role={role} restricted={restricted} />

          <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
            {merchants.length < 2 ? (
              <span className="truncate text-sm font-semibold sm:text-base" title={merchant.businessName}>
                {merchant.businessName}
              </span>
            ) : (
              <MerchantSwitcher merchant={merchant} merchants={merchants} />
            )}
          </div>

          {restricted ? null : <ModeToggle merchantId={merchant.id} environment={merchant.environment} liveUnlocked={merchant.liveUnlocked} />}

          <AccountMenu user={user} role={role} />
        </header>

        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
