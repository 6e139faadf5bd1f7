import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation, pageOf } from "@/lib/api/openapi/operation";
import { MessageSchema } from "@/lib/api/openapi/resources";
import { acceptInvitationSchema, auditLogQuery, invitationTokenParams, inviteSchema, roleChangeSchema, transferOwnershipSchema } from "./schemas";

const tags = ["Team"];
const ts = z.iso.datetime();
const person = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.email() });
const role = z.enum(["OWNER", "ADMIN", "DEVELOPER", "OPERATIONS", "VIEWER"]);

const MembershipSchema = z.object({ id: z.uuid(), userId: z.uuid(), merchantId: z.uuid(), role, createdAt: ts }).meta({ id: "Membership" });
const MemberSchema = MembershipSchema.extend({ updatedAt: ts, user: person }).meta({ id: "Member" });
const InvitationSchema = z
  .object({
    id: z.uuid(), merchantId: z.uuid(), email: z.email(), role, status: z.enum(["pending", "accepted", "revoked", "expired"]),
    expiresAt: ts, acceptedAt: ts.nullable(), revokedAt: ts.nullable(), createdAt: ts, updatedAt: ts, invitedBy: person.nullable(),
  })
  .meta({ id: "Invitation" });
const AuditLogSchema = z
  .object({
    id: z.uuid(), action: z.string().meta({ example: "member.role_changed" }),
    actor: z.object({ type: z.enum(["user", "apiKey"]), id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
    targetType: z.string().nullable(), targetId: z.string().nullable(), ipAddress: z.string().nullable(), userAgent: z.string().nullable(),
    metadata: z.unknown(), createdAt: ts,
  })
  .meta({ id: "AuditLogEntry" });

const invitationParams = merchantParams.extend({ invitationId: z.uuid() });
const membershipParams = merchantParams.extend({ membershipId: z.uuid() });

export const teamPaths: ZodOpenApiPathsObject = {
  "/api/invitations/accept": {
    post: operation({
      summary: "Accept an invitation: the token alone for an existing user; new users also give a name and a password",
      tags, auth: "public", body: acceptInvitationSchema, errors: [429],
      ok: { 200: ["Joined", MessageSchema.extend({ membership: MembershipSchema })] },
    }),
  },
  "/api/invitations/{token}": {
    get: operation({ summary: "What an invitation is for (business, role, inviter), for the accept page", tags, auth: "public", params: invitationTokenParams, errors: [404], ok: { 200: ["The invitation", z.object({ invitation: z.record(z.string(), z.unknown()) })] } }),
  },
  "/api/merchants/{merchantId}/members": {
    get: operation({ summary: "The team", tags, auth: "user", params: merchantParams, errors: [403, 404], ok: { 200: ["Members", z.object({ data: z.array(MemberSchema) })] } }),
  },
  "/api/merchants/{merchantId}/members/{membershipId}": {
    patch: operation({ summary: "Change a member's role (not the owner's)", tags, auth: "user", params: membershipParams, body: roleChangeSchema, errors: [403, 404, 409], ok: { 200: ["Updated", MessageSchema.extend({ member: MemberSchema })] } }),
    delete: operation({ summary: "Remove a member (never the owner)", tags, auth: "user", params: membershipParams, errors: [403, 404, 409], ok: { 200: ["Removed", MessageSchema] } }),
  },
  "/api/merchants/{merchantId}/invitations": {
    get: operation({ summary: "Pending invitations", tags, auth: "user", params: merchantParams, errors: [403, 404], ok: { 200: ["Invitations", z.object({ data: z.array(InvitationSchema) })] } }),
    post: operation({ summary: "Invite someone by e-mail with a role (the link expires in 7 days)", tags, auth: "user", params: merchantParams, body: inviteSchema, idempotent: true, errors: [403, 404, 409, 429], ok: { 201: ["Invited", MessageSchema.extend({ invitation: InvitationSchema })] } }),
  },
  "/api/merchants/{merchantId}/invitations/{invitationId}": {
    delete: operation({ summary: "Revoke an invitation", tags, auth: "user", params: invitationParams, errors: [403, 404, 409], ok: { 200: ["Revoked", MessageSchema.extend({ invitation: InvitationSchema })] } }),
  },
  "/api/merchants/{merchantId}/invitations/{invitationId}/resend": {
    post: operation({ summary: "Send the invitation again with a new link", tags, auth: "user", params: invitationParams, errors: [403, 404, 409, 429], ok: { 200: ["Resent", MessageSchema.extend({ invitation: InvitationSchema })] } }),
  },
  "/api/merchants/{merchantId}/transfer-ownership": {
    post: operation({ summary: "Make another member the owner (owner only; the old owner becomes an admin)", tags, auth: "user", params: merchantParams, body: transferOwnershipSchema, errors: [403, 404, 409], ok: { 200: ["Transferred", MessageSchema.extend({ membership: MembershipSchema })] } }),
  },
  "/api/merchants/{merchantId}/audit-logs": {
    get: operation({ summary: "Sensitive actions: who, what, when, from where (owners and admins)", tags, auth: "user", params: merchantParams, query: auditLogQuery, errors: [403, 404], ok: { 200: ["A page", pageOf(AuditLogSchema)] } }),
  },
};
