import type { AuditLog, Invitation, Membership, User } from "@/lib/db/generated/client";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { AuditLogSchema, InvitationSchema, MemberSchema, MembershipSchema } from "./openapi";

type UserFields = Pick<User, "id" | "firstName" | "lastName" | "email">;

/** The contract's Membership. */
export function toMembershipResponse(m: Membership) {
  return { id: m.id, userId: m.userId, merchantId: m.merchantId, role: m.role, createdAt: m.createdAt } satisfies ResponseOf<typeof MembershipSchema>;
}

/** A membership with the person's public details, for the members list. */
export function toMemberResponse(m: Membership & { user: UserFields }) {
  return {
    ...toMembershipResponse(m),
    updatedAt: m.updatedAt,
    user: { id: m.user.id, firstName: m.user.firstName, lastName: m.user.lastName, email: m.user.email },
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
    id: i.id,
    merchantId: i.merchantId,
    email: i.email,
    role: i.role,
    status: invitationStatus(i),
    expiresAt: i.expiresAt,
    acceptedAt: i.acceptedAt,
    revokedAt: i.revokedAt,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    invitedBy: i.invitedBy ? { id: i.invitedBy.id, firstName: i.invitedBy.firstName, lastName: i.invitedBy.lastName, email: i.invitedBy.email } : null,
  } satisfies ResponseOf<typeof InvitationSchema>;
}

export function toAuditLogResponse(a: AuditLog & { actor: UserFields | null }) {
  const actor = a.actorUserId
    ? { type: "user" as const, id: a.actorUserId, name: a.actor ? `${a.actor.firstName} ${a.actor.lastName}`.trim() : null, email: a.actor?.email ?? null }
    : a.actorApiKey
      ? { type: "apiKey" as const, id: a.actorApiKey, name: null, email: null }
      : null;
  return {
    id: a.id,
    action: a.action,
    actor,
    targetType: a.targetType,
    targetId: a.targetId,
    ipAddress: a.ipAddress,
    userAgent: a.userAgent,
    metadata: a.metadata,
    createdAt: a.createdAt,
  } satisfies ResponseOf<typeof AuditLogSchema>;
}
