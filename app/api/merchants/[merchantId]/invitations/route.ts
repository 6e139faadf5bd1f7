import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { auditSource } from "@/lib/team/audit";
import { createInvitation, listOpenInvitations } from "@/lib/team/invitations";
import { inviteSchema } from "@/lib/team/schemas";

/** Invitations not yet accepted or revoked, newest first. */
export const GET = route({ auth: "user", merchant: "team:manage" }, async ({ merchant }) => {
  return json({ data: await listOpenInvitations(merchant.merchantId) });
});

export const POST = route({ auth: "user", merchant: "team:manage", body: inviteSchema, idempotent: true }, async (ctx) => {
  const invitation = await createInvitation(ctx.merchant.merchantId, ctx.body, auditSource(ctx));
  return json({ message: `Invitation sent to ${invitation.email}`, invitation }, 201);
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
