import { z } from "@/lib/zod";
import { listOf, pageOf, paths } from "@/lib/api/openapi/operation";
import { MessageSchema, ts } from "@/lib/api/openapi/resources";
import { acceptInvitationSchema, auditLogQuery, invitationTokenParams, inviteSchema, roleChangeSchema, transferOwnershipSchema } from "./schemas";

const person = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.email() });
const role = z.enum(["OWNER", "ADMIN", "DEVELOPER", "OPERATIONS", "VIEWER"]);

export const MembershipSchema = z.object({ id: z.uuid(), userId: z.uuid(), merchantId: z.uuid(), role, createdAt: ts }).meta({ id: "Membership" });
export const MemberSchema = MembershipSchema.extend({ updatedAt: ts, user: person }).meta({ id: "Member" });
export const InvitationSchema = z
  .object({
    id: z.uuid(),
    merchantId: z.uuid(),
    email: z.email(),
    role,
    status: z.enum(["pending", "accepted", "revoked", "expired"]),
    expiresAt: ts,
    acceptedAt: ts.nullable(),
    revokedAt: ts.nullable(),
    createdAt: ts,
    updatedAt: ts,
    invitedBy: person.nullable(),
  })
  .meta({ id: "Invitation" });
export const AuditLogSchema = z
  .object({
    id: z.uuid(),
    action: z.string().meta({ example: "member.role_changed" }),
    actor: z.object({ type: z.enum(["user", "apiKey"]), id: z.string(), name: z.string().nullable(), email: z.email().nullable() }).nullable(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    metadata: z.unknown(),
    createdAt: ts,
  })
  .meta({ id: "AuditLogEntry" });

export const teamPaths = paths("Team", "user", {
  "/api/invitations/accept": {
    post: {
      operationId: "acceptInvitation",
      summary: "Accept an invitation",
      description: "Accept an invitation: the token alone for an existing user; new users also give a name and a password.",
      auth: "public",
      body: acceptInvitationSchema,
      errors: [[400, "`Validation failed` (a new user's name or password missing), or the token is invalid, already used, revoked or expired"], 429],
      ok: { 200: ["Joined", MessageSchema.extend({ membership: MembershipSchema })] },
    },
  },
  "/api/invitations/{token}": {
    get: {
      operationId: "getInvitation",
      summary: "Look up an invitation",
      description: "What an invitation is for (business, role, inviter), for the accept page.",
      auth: "public",
      params: invitationTokenParams,
      errors: [[400, "The token is missing, invalid, already used, revoked or expired (the contract's 400)"]],
      ok: {
        200: [
          "The invitation",
          z.object({
            invitation: z.object({
              email: z.email(),
              role,
              expiresAt: ts,
              merchant: z.object({ id: z.uuid(), businessName: z.string() }),
              invitedBy: z.string().nullable().meta({ description: "The inviter's name" }),
              userExists: z.boolean().meta({ description: "A verified account with this e-mail exists: accepting needs only the token" }),
              replacesUnverifiedAccount: z
                .boolean()
                .meta({ description: "An unconfirmed sign-up with this e-mail exists; accepting replaces it and what it set up" }),
            }),
          }),
        ],
      },
    },
  },
  "/api/merchants/{merchantId}/members": {
    get: {
      operationId: "listMembers",
      summary: "List members",
      ok: { 200: ["Members", listOf(MemberSchema)] },
    },
  },
  "/api/merchants/{merchantId}/members/{membershipId}": {
    patch: {
      operationId: "changeMemberRole",
      summary: "Change a member's role",
      description: "Change a member's role (not the owner's)",
      body: roleChangeSchema,
      errors: [409],
      ok: { 200: ["Updated", MessageSchema.extend({ member: MemberSchema })] },
    },
    delete: {
      operationId: "removeMember",
      summary: "Remove a member",
      description: "Remove a member (never the owner)",
      errors: [409],
      ok: { 200: ["Removed", MessageSchema] },
    },
  },
  "/api/merchants/{merchantId}/invitations": {
    get: {
      operationId: "listInvitations",
      summary: "List invitations",
      description: "Pending invitations.",
      ok: { 200: ["Invitations", listOf(InvitationSchema)] },
    },
    post: {
      operationId: "createInvitation",
      summary: "Invite a member",
      description:
        "Invite someone by e-mail with a role (the link expires in 7 days). 403 until the business's owner has verified their e-mail address; 429 past 20 invitations (new or resent) an hour per business.",
      body: inviteSchema,
      idempotent: true,
      errors: [409, 429],
      ok: { 201: ["Invited", MessageSchema.extend({ invitation: InvitationSchema })] },
    },
  },
  "/api/merchants/{merchantId}/invitations/{invitationId}": {
    delete: {
      operationId: "revokeInvitation",
      summary: "Revoke an invitation",
      errors: [409],
      ok: { 200: ["Revoked", MessageSchema.extend({ invitation: InvitationSchema })] },
    },
  },
  "/api/merchants/{merchantId}/invitations/{invitationId}/resend": {
    post: {
      operationId: "resendInvitation",
      summary: "Resend an invitation",
      description:
        "Send the invitation again with a new link. 403 until the business's owner has verified their e-mail address; 429 past 5 resends an hour per invitation, or 20 invitations an hour per business.",
      errors: [409, 429],
      ok: { 200: ["Resent", MessageSchema.extend({ invitation: InvitationSchema })] },
    },
  },
  "/api/merchants/{merchantId}/transfer-ownership": {
    post: {
      operationId: "transferOwnership",
      summary: "Transfer ownership",
      description: "Make another member the owner (owner only; the old owner becomes an admin)",
      body: transferOwnershipSchema,
      errors: [[409, "Ownership changed meanwhile, or the business went live and the chosen member does not have two-factor sign-in on"]],
      ok: { 200: ["Transferred", MessageSchema.extend({ membership: MembershipSchema })] },
    },
  },
  "/api/merchants/{merchantId}/audit-logs": {
    get: {
      operationId: "listAuditLogs",
      summary: "List the audit log",
      description: "Sensitive actions: who, what, when, from where (owners and admins)",
      query: auditLogQuery,
      ok: { 200: ["A page", pageOf(AuditLogSchema)] },
    },
  },
});
