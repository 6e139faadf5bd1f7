import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { ASSIGNABLE_ROLES } from "@/lib/auth/permissions";
import { pageQuery } from "@/lib/api/pagination";

export { ASSIGNABLE_ROLES, type AssignableRole } from "@/lib/auth/permissions";

const role = () => z.enum(ASSIGNABLE_ROLES, { error: `role must be one of ${ASSIGNABLE_ROLES.join(", ")}` });

export const inviteSchema = z.object({ email: fields.email(), role: role() });
export type InviteInput = z.infer<typeof inviteSchema>;

export const roleChangeSchema = z.object({ role: role() });

export const transferOwnershipSchema = z.object({ membershipId: fields.uuid("membershipId") });

const token = () => z.string({ error: "Invitation token is required" }).trim().min(1, "Invitation token is required").max(200);

// New-user fields are optional here: whether they are needed depends on the invited e-mail (see acceptInvitation).
export const acceptInvitationSchema = z.object({
  token: token(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  password: z.string().optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** What a person who has no account yet must give when accepting. */
export const newMemberSchema = z.object({
  firstName: fields.name("First name", 60),
  lastName: fields.name("Last name", 60),
  password: fields.password(),
});

export const invitationTokenParams = z.object({ token: token() });

// Any string: a malformed id answers 404 like an unknown one.
export const invitationParams = z.object({ invitationId: z.string() });
export const membershipParams = z.object({ membershipId: z.string() });

export const auditLogQuery = z.object({ ...pageQuery });
export type AuditLogQuery = z.output<typeof auditLogQuery>;
