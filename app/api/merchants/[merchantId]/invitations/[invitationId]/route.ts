import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { auditSource } from "@/lib/team/audit";
import { revokeInvitation } from "@/lib/team/invitations";
import { invitationParams } from "@/lib/team/schemas";

/** Revokes the invitation: its link stops working. */
export const DELETE = route({ auth: "user", merchant: "team:manage", params: invitationParams }, async (ctx) => {
  const invitation = await revokeInvitation(ctx.merchant.merchantId, ctx.params.invitationId, auditSource(ctx));
  return json({ message: "Invitation revoked", invitation });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
