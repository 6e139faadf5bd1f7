import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { auditSource } from "@/lib/team/audit";
import { changeMemberRole, removeMember } from "@/lib/team/members";
import { membershipParams, roleChangeSchema } from "@/lib/team/schemas";

export const PATCH = route({ auth: "user", merchant: "team:manage", params: membershipParams, body: roleChangeSchema }, async (ctx) => {
  const member = await changeMemberRole(ctx.merchant.merchantId, ctx.params.membershipId, ctx.body.role, auditSource(ctx));
  return json({ message: "Role updated", member });
});

export const DELETE = route({ auth: "user", merchant: "team:manage", params: membershipParams }, async (ctx) => {
  await removeMember(ctx.merchant.merchantId, ctx.params.membershipId, auditSource(ctx));
  return json({ message: "Member removed" });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, POST, PUT, OPTIONS } = otherMethods("PATCH", "DELETE");
