import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { auditSource } from "@/lib/team/audit";
import { resendInvitation } from "@/lib/team/invitations";
import { invitationParams } from "@/lib/team/schemas";

/** E-mails a new link valid for 7 more days; the previous link stops working. */
export const POST = route({ auth: "user", merchant: "team:manage", params: invitationParams }, async (ctx) => {
  const invitation = await resendInvitation(ctx.merchant.merchantId, ctx.params.invitationId, auditSource(ctx));
  return json({ message: `Invitation resent to ${invitation.email}`, invitation });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
