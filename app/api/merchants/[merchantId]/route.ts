import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { merchantUpdateSchema } from "@/lib/merchants/schemas";
import { getMerchant, updateMerchant } from "@/lib/merchants/service";
import { auditSource } from "@/lib/team/audit";

export const GET = route({ auth: "userOrKey", merchant: "merchant:read" }, async ({ merchant }) => {
  return json({ merchant: await getMerchant(merchant) });
});

export const PUT = route({ auth: "user", merchant: "merchant:update", body: merchantUpdateSchema }, async (ctx) => {
  return json({ message: "Merchant updated", merchant: await updateMerchant(ctx.merchant, ctx.body, auditSource(ctx)) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
