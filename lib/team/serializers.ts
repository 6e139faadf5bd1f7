import type { AuditLog, Invitation, Membership, User } from "@/lib/db/generated/client";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { AuditLogSchema, InvitationSchema, MemberSchema, MembershipSchema } from "./openapi";

/** The person's public details, wherever the team answers name one. */
const USER_FIELDS = ["id", "firstName", "lastName", "email"] as const;
type UserFields = Pick<User, (typeof USER_FIELDS)[number]>;

/** The contract's Membership. */
export function toMembershipResponse(m: Membership) {
  return columns(m, ["id", "userId", "merchantId", "role", "createdAt"]) satisfies ResponseOf<typeof MembershipSchema>;
}

/** A membership with the person's public details, for the members list. */
export function toMemberResponse(m: Membership & { user: UserFields }) {
  return {
    ...toMembershipResponse(m),
    updatedAt: m.updatedAt,
    user: columns(m.user, USER_FIELDS),
  } satisfies ResponseOf<typeof MemberSchema>;
}

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

export function invitationStatus(i: Pick<Invitation, "acceptedAt" | "revokedAt" | "expiresAt">, now = new Date()): InvitationStatus {
  if (i.acceptedAt) return "accepted";
  if (i.revokedAt) return "revoked";
  return i.expiresAt <= now ? "expired" : "pending";
}

/** Never the token or its hash. */
export function toInvitationResponse(i: Invitation & { invitedBy?: UserFields | null }) {
  return {
    ...columns(i, ["id", "merchantId", "email", "role"]),
    status: invitationStatus(i),
    ...columns(i, ["expiresAt", "acceptedAt", "revokedAt", "createdAt", "updatedAt"]),
    invitedBy: i.invitedBy ? columns(i.invitedBy, USER_FIELDS) : null,
  } satisfies ResponseOf<typeof InvitationSchema>;
}

export function toAuditLogResponse(a: AuditLog & { actor: UserFields | null }) {
  const actor = a.actorUserId
    ? { type: "user" as const, id: a.actorUserId, name: a.actor ? `${a.actor.firstName} ${a.actor.lastName}`.trim() : null, email: a.actor?.email ?? null }
    : a.actorApiKey
      ? { type: "apiKey" as const, id: a.actorApiKey, name: null, email: null }
      : null;
  return {
    ...columns(a, ["id", "action"]),
    actor,
    ...columns(a, ["targetType", "targetId", "ipAddress", "userAgent", "metadata", "createdAt"]),
  } satisfies ResponseOf<typeof AuditLogSchema>;
}
