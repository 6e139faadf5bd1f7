"use client";

// The shell's interactive bits, each a small client island in the server-drawn shell (shell.tsx): the
// account menu, the business switcher and the phone drawer's button. Their Radix menus and drawer load
// on first use (shell-menus.tsx): pointing at or focusing a button fetches them, a click opens them
// once they are in. Only plain data crosses in from the server; the buttons are drawn here.
import * as React from "react";
import { usePathname } from "next/navigation";
import { ChevronDown, ChevronsUpDown, Menu } from "lucide-react";

import { Button } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import type { DashboardShellProps } from "@/components/dashboard/shell-parts";

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

/** The business being worked on, with a menu to switch to another (MerchantMenu); for members of several. */
export function MerchantSwitcher({ merchant, merchants }: Pick<DashboardShellProps, "merchant" | "merchants">) {
  const trigger = (
    // The name starts with the visible business name (WCAG 2.5.3, label in name): a voice user says what they see.
    <Button variant="ghost" className="min-w-0 gap-1.5 px-2" aria-label={`${merchant.businessName}, switch business`}>
      <span className="truncate text-sm font-semibold sm:text-base" title={merchant.businessName}>
        {merchant.businessName}
      </span>
      <ChevronsUpDown className="text-muted-foreground" aria-hidden="true" />
    </Button>
  );
  return <DeferredMenu trigger={trigger} menu={(t) => <MerchantMenu merchant={merchant} merchants={merchants} trigger={t} defaultOpen />} />;
}

function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || "?";
}

export function AccountMenu({ user, role }: Pick<DashboardShellProps, "user" | "role">) {
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
 * Fetches the drawer's code at the first tap or key press on a screen that shows the menu button (the
 * button's own pointer-over or focus fetches it too): opened before its code arrived, the drawer
 * appeared late. Not while the page loads: evaluating Radix's dialog then held a phone's main thread.
 */
function usePreloadDrawer() {
  React.useEffect(() => {
    if (!window.matchMedia("(max-width: 1023.98px)").matches) return;
    const events = ["pointerdown", "keydown"] as const;
    const stop = () => events.forEach((name) => window.removeEventListener(name, preload));
    const preload = () => {
      stop();
      preloadMenus();
    };
    events.forEach((name) => window.addEventListener(name, preload, { passive: true }));
    return stop;
  }, []);
}

/** The phone and tablet menu button and the navigation drawer it opens. */
export function MobileNav({ merchant, role, restricted }: Pick<DashboardShellProps, "merchant" | "role"> & { restricted: boolean }) {
  const pathname = usePathname();
  // The drawer is open on the page it was opened on: any navigation (its links, a tap that reached the
  // page, the back button) closes it, so it never stays over the next page.
  const [openOn, setOpenOn] = React.useState<string | null>(null);
  const menuOpen = openOn !== null && openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  usePreloadDrawer();
  const menuButton = React.useRef<HTMLButtonElement>(null);

  return (
    <>
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
      {/* The drawer's code is fetched when it is first opened, and then it stays. While it arrives, a veil
          like the drawer's own takes the taps meant for the drawer. */}
      <LazyDialog open={menuOpen} fallback={menuOpen ? <div aria-hidden="true" className="fixed inset-0 z-50 bg-foreground/40" /> : null}>
        <NavSheet open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} merchant={merchant} role={role} restricted={restricted} />
      </LazyDialog>
    </>
  );
}
