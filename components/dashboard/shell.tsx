"use client";

import * as React from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { ChevronDown, ChevronsUpDown, LogOut, Menu, Settings } from "lucide-react";

import { Logo } from "@/components/brand/logo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";
import { isNavItemActive, navForRole } from "@/components/dashboard/nav-items";
import { CURRENT_MERCHANT_COOKIE } from "@/lib/auth/cookies";

export interface DashboardShellProps {
  user: { id: string; firstName: string; lastName: string; email: string };
  merchant: { id: string; businessName: string; environment: "test" | "live" };
  role: string;
  merchants: Array<{ id: string; businessName: string; role: string }>;
  /** The business requires two-factor sign-in and the user has not turned it on: no sections until they do. */
  restricted?: boolean;
  children: React.ReactNode;
}

function RestrictedNav() {
  return <p className="flex-1 px-5 py-4 text-sm text-muted-foreground">This business requires two-factor sign-in. Set it up to open the dashboard.</p>;
}

function SidebarNav({ role, onNavigate }: { role: string; onNavigate?: () => void }) {
  const pathname = usePathname() ?? "/dashboard";

  return (
    <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-0.5">
        {navForRole(role).map(({ href, label, icon: Icon }) => {
          const active = isNavItemActive(pathname, href);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "group flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors lg:min-h-9",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  active ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                )}
              >
                <Icon className={cn("size-4 shrink-0", active ? "text-primary" : "text-muted-foreground group-hover:text-foreground")} aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function MerchantSummary({ merchant, role }: Pick<DashboardShellProps, "merchant" | "role">) {
  return (
    <div className="border-t px-5 py-4">
      <p className="truncate text-sm font-medium" title={merchant.businessName}>
        {merchant.businessName}
      </p>
      <p className="mt-0.5 text-xs text-muted-foreground">
        <span className="capitalize">{role.toLowerCase()}</span> · {merchant.environment === "test" ? "Test mode" : "Live mode"}
      </p>
    </div>
  );
}

/**
 * The business being worked on; with several, a menu to switch. The choice is kept in a cookie that
 * getDashboardContext() reads (and checks against the user's memberships).
 */
function MerchantSwitcher({ merchant, merchants }: Pick<DashboardShellProps, "merchant" | "merchants">) {
  const router = useRouter();
  const pathname = usePathname() ?? "/dashboard";
  const name = (
    <span className="truncate text-sm font-semibold sm:text-base" title={merchant.businessName}>
      {merchant.businessName}
    </span>
  );
  if (merchants.length < 2) return name;

  const switchMerchant = (merchantId: string) => {
    if (merchantId === merchant.id) return;
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    document.cookie = `${CURRENT_MERCHANT_COOKIE}=${encodeURIComponent(merchantId)}; path=/; max-age=31536000; samesite=lax${secure}`;
    // A detail page belongs to the previous business: go back to its section.
    router.push(pathname.split("/").slice(0, 3).join("/"));
    router.refresh();
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name starts with the visible business name (WCAG 2.5.3, label in name): a voice user says what they see. */}
        <Button variant="ghost" className="min-w-0 gap-1.5 px-2" aria-label={`${merchant.businessName}, switch business`}>
          {name}
          <ChevronsUpDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel className="pb-1 text-xs font-medium text-muted-foreground">Your businesses</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={merchant.id} onValueChange={switchMerchant}>
          {merchants.map((m) => (
            <DropdownMenuRadioItem key={m.id} value={m.id}>
              <span className="min-w-0 flex-1 truncate">{m.businessName}</span>
              <span className="ml-2 shrink-0 text-xs capitalize text-muted-foreground">{m.role.toLowerCase()}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || "?";
}

function UserMenu({ user, role }: Pick<DashboardShellProps, "user" | "role">) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
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
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-medium text-foreground">{fullName}</span>
          <span className="mt-0.5 block truncate text-xs text-muted-foreground">{user.email}</span>
          <span className="mt-1 block text-xs capitalize text-muted-foreground">Role: {role.toLowerCase()}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link href="/dashboard/settings">
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => void signOut({ callbackUrl: "/login" })}>
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function DashboardShell({ user, merchant, role, merchants, restricted = false, children }: DashboardShellProps) {
  const [menuOpen, setMenuOpen] = React.useState(false);
  const isTest = merchant.environment === "test";

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
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation menu">
                <Menu className="size-5!" aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" aria-describedby={undefined}>
              <SheetTitle className="sr-only">Navigation</SheetTitle>
              <div className="flex h-16 shrink-0 items-center border-b px-5">
                <Link href="/dashboard" onClick={() => setMenuOpen(false)} className="rounded-md" aria-label="Paylink dashboard home">
                  <Logo />
                </Link>
              </div>
              {restricted ? <RestrictedNav /> : <SidebarNav role={role} onNavigate={() => setMenuOpen(false)} />}
              <MerchantSummary merchant={merchant} role={role} />
            </SheetContent>
          </Sheet>

          <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
            <MerchantSwitcher merchant={merchant} merchants={merchants} />
            {isTest ? (
              <Badge variant="warning" dot className="shrink-0">
                Test mode
              </Badge>
            ) : null}
          </div>

          <UserMenu user={user} role={role} />
        </header>

        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
