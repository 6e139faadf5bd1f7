import {
  ArrowLeftRight,
  Banknote,
  CodeXml,
  Contact,
  FileText,
  LayoutDashboard,
  Link2,
  RefreshCw,
  Repeat,
  Settings,
  Users,
  Webhook,
  type LucideIcon,
} from "lucide-react";

import { roleCan, type Permission } from "@/lib/auth/permissions";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to roles with this permission (the API refuses the rest anyway). */
  permission?: Permission;
}

export const dashboardNav: readonly NavItem[] = [
  { href: "/dashboard", label: "Overview", icon: LayoutDashboard },
  { href: "/dashboard/transactions", label: "Transactions", icon: ArrowLeftRight },
  { href: "/dashboard/customers", label: "Customers", icon: Contact },
  { href: "/dashboard/payouts", label: "Payouts", icon: Banknote },
  { href: "/dashboard/payment-links", label: "Payment links", icon: Link2 },
  { href: "/dashboard/invoices", label: "Invoices", icon: FileText },
  { href: "/dashboard/plans", label: "Plans", icon: Repeat },
  { href: "/dashboard/subscriptions", label: "Subscriptions", icon: RefreshCw },
  { href: "/dashboard/team", label: "Team", icon: Users },
  { href: "/dashboard/webhooks", label: "Webhooks", icon: Webhook, permission: "webhooks:manage" },
  { href: "/dashboard/developers", label: "Developers", icon: CodeXml, permission: "keys:manage" },
  { href: "/dashboard/settings", label: "Settings", icon: Settings },
];

export function navForRole(role: string): readonly NavItem[] {
  return dashboardNav.filter((item) => !item.permission || roleCan(role, item.permission));
}

/** Overview matches only /dashboard; every other item also matches its sub-pages. */
export function isNavItemActive(pathname: string, href: string): boolean {
  if (href === "/dashboard") return pathname === "/dashboard";
  return pathname === href || pathname.startsWith(`${href}/`);
}
