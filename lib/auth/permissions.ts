import type { MembershipRole } from "@/lib/db/generated/enums";

// One table of who may do what. Routes name a permission; the route wrapper enforces it.
// docs/team-and-permissions.md shows it with the endpoints; tests/integration/permissions.test.ts
// runs every route as every role against it. Client components (the dashboard nav) import it too,
// so it stays free of server-only imports.
export const PERMISSIONS = [
  "merchant:read",
  "merchant:update",
  "payments:read",
  "payments:initiate",
  "payments:refund",
  "links:write",
  "invoices:write",
  "plans:write",
  "subscriptions:write",
  "webhooks:manage",
  "keys:manage",
  "keys:issue",
  "team:read",
  "team:manage",
  "audit:read",
  "merchant:transfer",
  "merchant:security",
  "merchant:close",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ["merchant:read", "payments:read", "team:read"];

/**
 * What the mode's default secret key may do (the sk_ key from sign-up, rolled on Developers): today's
 * powers, unchanged. Links and invoices stay out: the contract says their creation needs a user JWT,
 * so the default key keeps its 401 there (docs/team-and-permissions.md). Plans and subscriptions take
 * a key too (issue 26: integrators bill from their own servers).
 */
export const API_KEY_PERMISSIONS: readonly Permission[] = [
  "merchant:read",
  "payments:read",
  // POST /api/transactions/initiate with a key (without one the call is public: spec rule 3).
  "payments:initiate",
  "payments:refund",
  "plans:write",
  "subscriptions:write",
  "webhooks:manage",
];

/**
 * What a restricted key (named, created on Developers) may be given: every permission some route
 * accepts a key for. Team, keys, settings and security stay with people.
 */
export const KEY_GRANTABLE_PERMISSIONS: readonly Permission[] = [...API_KEY_PERMISSIONS, "links:write", "invoices:write"];

/** Permissions a key holds only when restricted to them: the default key is refused with 401, as before. */
export const RESTRICTED_ONLY_PERMISSIONS: readonly Permission[] = KEY_GRANTABLE_PERMISSIONS.filter((p) => !API_KEY_PERMISSIONS.includes(p));

export function isKeyGrantable(permission: string): permission is Permission {
  return (KEY_GRANTABLE_PERMISSIONS as readonly string[]).includes(permission);
}

/** Presets offered when creating a restricted key. */
export const KEY_PRESETS = {
  readOnly: ["merchant:read", "payments:read"],
  linksAndInvoices: ["merchant:read", "links:write", "invoices:write"],
} as const satisfies Record<string, readonly Permission[]>;

/**
 * keys:issue (create or roll a secret key) is never granted by hand: a role has it only when it
 * already holds every power a key carries, so nobody gains through a key what the table denies them.
 */
export function holdsEveryKeyPower(granted: readonly Permission[]): boolean {
  return API_KEY_PERMISSIONS.every((p) => granted.includes(p));
}

const withKeyIssuing = (granted: readonly Permission[]): readonly Permission[] => {
  const rest = granted.filter((p) => p !== "keys:issue");
  return holdsEveryKeyPower(rest) ? [...rest, "keys:issue"] : rest;
};

const GRANTED: Record<MembershipRole, readonly Permission[]> = {
  OWNER: PERMISSIONS,
  // Owner-only: ownership, requiring two-factor sign-in of every member, closing the business.
  ADMIN: PERMISSIONS.filter((p) => p !== "merchant:transfer" && p !== "merchant:security" && p !== "merchant:close"),
  // Sees the keys and the request log (keys:manage) but cannot issue one: keys may refund.
  // payments:initiate only lets them give it to a restricted key: no person's route needs it.
  DEVELOPER: [...READ, "payments:initiate", "webhooks:manage", "keys:manage"],
  // What the business sells and to whom: plans, and cancelling a customer's subscription.
  OPERATIONS: [...READ, "payments:initiate", "links:write", "invoices:write", "plans:write", "subscriptions:write", "payments:refund"],
  VIEWER: READ,
};

export const ROLE_PERMISSIONS = Object.fromEntries(Object.entries(GRANTED).map(([role, granted]) => [role, withKeyIssuing(granted)])) as Record<
  MembershipRole,
  readonly Permission[]
>;

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
  DEVELOPER: "Webhooks, and sees API keys (owners and admins create or roll them); can read payments, the team and settings.",
  OPERATIONS: "Payment links, invoices, plans, subscriptions and refunds; can read payments, the team and settings.",
  VIEWER: "Read-only access to payments, the team and settings.",
};
