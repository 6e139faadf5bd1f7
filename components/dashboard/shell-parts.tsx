// What the dashboard shell draws on every page, and what its deferred menus (shell-menus.tsx) share.
// No client code: the server draws these into the shell; the drawer reuses them on the client.
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
