"use client";

import * as React from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ChevronDown, ChevronsUpDown, Menu } from "lucide-react";

import { Logo } from "@/components/brand/logo";
import { Button } from "@/components/ui/button";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { ModeToggle } from "@/components/dashboard/mode-toggle";
import { MerchantSummary, RestrictedNav, SidebarNav, type DashboardShellProps } from "@/components/dashboard/shell-parts";

export type { DashboardShellProps };

// The menus and the drawer load on first use (shell-menus.tsx): pointing at or focusing their button
// fetches them, a click opens them once they are in.
const loadMenus = () => import("@/components/dashboard/shell-menus");
const preloadMenus = () => void loadMenus();
const UserMenu = React.lazy(() => loadMenus().then((m) => ({ default: m.UserMenu })));
const MerchantMenu = React.lazy(() => loadMenus().then((m) => ({ default: m.MerchantMenu })));
const NavSheet = React.lazy(() => loadMenus().then((m) => ({ default: m.NavSheet })));

type TriggerElement = React.ReactElement<React.ComponentProps<"button">>;

/** A menu button that is a plain button until first used; then `menu` draws the real menu around it, open. */
function DeferredMenu({ trigger, menu }: { trigger: TriggerElement; menu: (trigger: TriggerElement) => React.ReactNode }) {
  const [used, setUsed] = React.useState(false);
  if (used) return <React.Suspense fallback={trigger}>{menu(trigger)}</React.Suspense>;
  return React.cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: preloadMenus,
    onFocus: preloadMenus,
    onClick: () => setUsed(true),
    onKeyDown: (event: React.KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      setUsed(true);
    },
  });
}

/** The business being worked on; with several, a menu to switch (MerchantMenu). */
function MerchantSwitcher({ merchant, merchants }: Pick<DashboardShellProps, "merchant" | "merchants">) {
  const name = (
    <span className="truncate text-sm font-semibold sm:text-base" title={merchant.businessName}>
      {merchant.businessName}
    </span>
  );
  if (merchants.length < 2) return name;
  const trigger = (
    // The name starts with the visible business name (WCAG 2.5.3, label in name): a voice user says what they see.
    <Button variant="ghost" className="min-w-0 gap-1.5 px-2" aria-label={`${merchant.businessName}, switch business`}>
      {name}
      <ChevronsUpDown className="text-muted-foreground" aria-hidden="true" />
    </Button>
  );
  return <DeferredMenu trigger={trigger} menu={(t) => <MerchantMenu merchant={merchant} merchants={merchants} trigger={t} defaultOpen />} />;
}

function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || "?";
}

function AccountMenu({ user, role }: Pick<DashboardShellProps, "user" | "role">) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const trigger = (
    <Button variant="ghost" className="gap-2 px-2 sm:px-2.5" aria-label={`Account menu for ${fullName}`}>
      {/* Initials drawn as generated content: a text node would be visible text missing from the
          button's name, which fails WCAG 2.5.3 (label in name) for voice-control users. */}
      <span
        aria-hidden="true"
        data-initials={initials(user.firstName, user.lastName)}
        className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground before:content-[attr(data-initials)]"
      />
      <span className="hidden max-w-40 truncate text-sm font-medium md:inline">{user.firstName}</span>
      <ChevronDown className="hidden text-muted-foreground md:block" aria-hidden="true" />
    </Button>
  );
  return <DeferredMenu trigger={trigger} menu={(t) => <UserMenu user={user} role={role} trigger={t} defaultOpen />} />;
}

/**
 * Fetches the drawer's code once the page is idle on a screen that shows the menu button: opened
 * before its code arrived, the drawer appeared late, and a quick tap fell through to the page under it.
 */
function usePreloadDrawer() {
  React.useEffect(() => {
    if (!window.matchMedia("(max-width: 1023.98px)").matches) return;
    if (typeof window.requestIdleCallback !== "function") return void preloadMenus();
    const id = window.requestIdleCallback(preloadMenus, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, []);
}

export function DashboardShell({ user, merchant, role, merchants, restricted = false, children }: DashboardShellProps) {
  const pathname = usePathname();
  // The drawer is open on the page it was opened on: any navigation (its links, a tap that reached the
  // page, the back button) closes it, so it never stays over the next page.
  const [openOn, setOpenOn] = React.useState<string | null>(null);
  const menuOpen = openOn !== null && openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  usePreloadDrawer();
  // The drawer's code is fetched when it is first opened, and then it stays.
  const drawerLoaded = useOpenedOnce(menuOpen);
  const menuButton = React.useRef<HTMLButtonElement>(null);

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
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open navigation menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onPointerEnter={preloadMenus}
            onFocus={preloadMenus}
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-5!" aria-hidden="true" />
          </Button>
          {drawerLoaded ? (
            // While its code arrives, a veil like the drawer's own takes the taps meant for the drawer.
            <React.Suspense fallback={menuOpen ? <div aria-hidden="true" className="fixed inset-0 z-50 bg-foreground/40" /> : null}>
              <NavSheet open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} merchant={merchant} role={role} restricted={restricted} />
            </React.Suspense>
          ) : null}

          <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
            <MerchantSwitcher merchant={merchant} merchants={merchants} />
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
