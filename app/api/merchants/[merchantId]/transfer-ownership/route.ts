import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { auditSource } from "@/lib/team/audit";
import { transferOwnership } from "@/lib/team/members";
import { transferOwnershipSchema } from "@/lib/team/schemas";

/** Owner only: the chosen member becomes OWNER and the caller becomes ADMIN. */
export const POST = route({ auth: "user", merchant: "merchant:transfer", body: transferOwnershipSchema }, async (ctx) => {
  const membership = await transferOwnership(ctx.merchant.merchantId, ctx.body.membershipId, auditSource(ctx));
  return json({ message: "Ownership transferred", membership });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
