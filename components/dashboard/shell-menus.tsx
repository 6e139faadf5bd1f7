"use client";

// The shell's Radix parts: the account menu, the business switcher and the phone navigation drawer.
// They load when a person reaches for them (components/dashboard/shell.tsx), not with every page:
// Radix's menu and dialog, with their positioning and focus code, are a third of the shell's script.
import * as React from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { LogOut, Settings } from "lucide-react";

import { Logo } from "@/components/brand/logo";
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
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { toast } from "@/components/ui/toast";
import { NETWORK_ERROR, signOut } from "@/lib/http/client";
import { CURRENT_MERCHANT_COOKIE } from "@/lib/auth/cookies";
import { roleName } from "@/components/team/roles";
import { MerchantSummary, RestrictedNav, type ShellMenuProps } from "@/components/dashboard/shell-parts";
import { SidebarNav } from "@/components/dashboard/sidebar-nav";

export function UserMenu({ user, role, trigger, defaultOpen }: Pick<ShellMenuProps, "user" | "trigger" | "defaultOpen"> & { role: string }) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-medium text-foreground">{fullName}</span>
          <span className="mt-0.5 block truncate text-xs text-muted-foreground">{user.email}</span>
          <span className="mt-1 block text-xs text-muted-foreground">Role: {roleName(role)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link href="/dashboard/settings">
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => void signOut("/login").then((ok) => ok || toast.error(NETWORK_ERROR))}>
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The business being worked on, among several. The choice is kept in a cookie that
 * getDashboardContext() reads (and checks against the user's memberships).
 */
export function MerchantMenu({ merchant, merchants, trigger, defaultOpen }: Omit<ShellMenuProps, "user">) {
  const router = useRouter();
  const pathname = usePathname() ?? "/dashboard";
  const switchMerchant = (merchantId: string) => {
    if (merchantId === merchant.id) return;
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    document.cookie = `${CURRENT_MERCHANT_COOKIE}=${encodeURIComponent(merchantId)}; path=/; max-age=31536000; samesite=lax${secure}`;
    // A detail page belongs to the previous business: go back to its section.
    router.push(pathname.split("/").slice(0, 3).join("/"));
    router.refresh();
  };
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel className="pb-1 text-xs font-medium text-muted-foreground">Your businesses</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={merchant.id} onValueChange={switchMerchant}>
          {merchants.map((m) => (
            <DropdownMenuRadioItem key={m.id} value={m.id}>
              <span className="min-w-0 flex-1 truncate">{m.businessName}</span>
              <span className="ml-2 shrink-0 text-xs text-muted-foreground">{roleName(m.role)}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The phone and tablet navigation drawer; focus goes back to the menu button when it closes. */
export function NavSheet({
  open,
  onOpenChange,
  returnFocusTo,
  merchant,
  role,
  restricted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
  merchant: ShellMenuProps["merchant"];
  role: string;
  restricted: boolean;
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="dashboard-nav-sheet"
        side="left"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <div className="flex h-16 shrink-0 items-center border-b px-5">
          <Link href="/dashboard" onClick={close} className="rounded-md" aria-label="Paylink dashboard home">
            <Logo />
          </Link>
        </div>
        {restricted ? <RestrictedNav /> : <SidebarNav role={role} onNavigate={close} />}
        <MerchantSummary merchant={merchant} role={role} />
      </SheetContent>
    </Sheet>
  );
}
