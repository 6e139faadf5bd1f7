"use client";

// What the dashboard shell draws on every page, and what its deferred menus (shell-menus.tsx) share.
import { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { LoaderCircle } from "lucide-react";

import { IntentLink } from "@/components/ui/intent-link";
import { cn } from "@/lib/utils";
import { isNavItemActive, navForRole } from "@/components/dashboard/nav-items";
import { roleName } from "@/components/team/roles";

export interface DashboardShellProps {
  user: { id: string; firstName: string; lastName: string; email: string };
  /** `environment` is this member's own view; `liveUnlocked`: the business finished the go-live checklist. */
  merchant: { id: string; businessName: string; environment: "test" | "live"; liveUnlocked: boolean };
  role: string;
  merchants: Array<{ id: string; businessName: string; role: string }>;
  /** The business requires two-factor sign-in and the user has not turned it on: no sections until they do. */
  restricted?: boolean;
  children: React.ReactNode;
}

/** A deferred menu's props: its button, drawn by the shell, and whether it opens as it loads. */
export type ShellMenuProps = Pick<DashboardShellProps, "user" | "merchant" | "merchants"> & { trigger: React.ReactElement; defaultOpen: boolean };

export function RestrictedNav() {
  return <p className="flex-1 px-5 py-4 text-sm text-muted-foreground">This business requires two-factor sign-in. Set it up to open the dashboard.</p>;
}

/** Shown in a section's link while it opens: the first screen comes from the server with its data. */
function OpeningMark() {
  const { pending } = useLinkStatus();
  return pending ? <LoaderCircle className="ml-auto size-4 animate-spin text-muted-foreground" aria-label="Opening" /> : null;
}

/** The sections, each fetched ahead only when pointed at or focused (IntentLink). */
export function SidebarNav({ role, onNavigate }: { role: string; onNavigate?: () => void }) {
  const pathname = usePathname() ?? "/dashboard";

  return (
    <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-0.5">
        {navForRole(role).map(({ href, label, icon: Icon }) => {
          const active = isNavItemActive(pathname, href);
          return (
            <li key={href}>
              <IntentLink
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
                <OpeningMark />
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function MerchantSummary({ merchant, role }: Pick<DashboardShellProps, "merchant" | "role">) {
  return (
    <div className="border-t px-5 py-4">
      <p className="truncate text-sm font-medium" title={merchant.businessName}>
        {merchant.businessName}
      </p>
      <p className="mt-0.5 text-xs text-muted-foreground">
        {roleName(role)} · {merchant.environment === "test" ? "Test mode" : "Live mode"}
      </p>
    </div>
  );
}
