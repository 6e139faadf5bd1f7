import type { MembershipRole } from "@/lib/db/generated/enums";

// One table of who may do what. Routes name a permission; the route wrapper enforces it.
// README "Team and permissions" shows it with the endpoints; tests/integration/permissions.test.ts
// runs every route as every role against it.
export const PERMISSIONS = [
  "merchant:read",
  "merchant:update",
  "payments:read",
  "payments:refund",
  "links:write",
  "invoices:write",
  "webhooks:manage",
  "keys:manage",
  "team:read",
  "team:manage",
  "audit:read",
  "merchant:transfer",
  "merchant:close",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ["merchant:read", "payments:read", "team:read"];

export const ROLE_PERMISSIONS: Record<MembershipRole, readonly Permission[]> = {
  OWNER: PERMISSIONS,
  ADMIN: PERMISSIONS.filter((p) => p !== "merchant:transfer" && p !== "merchant:close"),
  DEVELOPER: [...READ, "webhooks:manage", "keys:manage"],
  OPERATIONS: [...READ, "links:write", "invoices:write", "payments:refund"],
  VIEWER: READ,
};

/** A secret key acts for its merchant's integration: no team, key or ownership changes. */
export const API_KEY_PERMISSIONS: readonly Permission[] = [
  ...READ,
  "payments:refund",
  "links:write",
  "invoices:write",
  "webhooks:manage",
];

export function roleAllows(role: MembershipRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** For the dashboard, which has the role as a plain string: false for anything that is not a role. */
export function roleCan(role: string, permission: Permission): boolean {
  return role in ROLE_PERMISSIONS && roleAllows(role as MembershipRole, permission);
}

/** Roles given by invitation or role change. OWNER moves only through transfer-ownership. */
export const ASSIGNABLE_ROLES = ["ADMIN", "DEVELOPER", "OPERATIONS", "VIEWER"] as const satisfies readonly MembershipRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** One line per role, shown where people pick a role (invite dialog, members list). */
export const ROLE_SUMMARIES: Record<MembershipRole, string> = {
  OWNER: "Everything, including transferring ownership. Cannot be removed.",
  ADMIN: "Everything except transferring ownership: team, settings, keys, webhooks, payments.",
  DEVELOPER: "API keys and webhooks; can read payments, the team and settings.",
  OPERATIONS: "Payment links, invoices and refunds; can read payments, the team and settings.",
  VIEWER: "Read-only access to payments, the team and settings.",
};
