import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { merchantUpdateSchema } from "@/lib/merchants/schemas";
import { getMerchant, updateMerchant } from "@/lib/merchants/service";

export const GET = route({ auth: "userOrKey", merchant: "merchant:read" }, async ({ merchant }) => {
  return json({ merchant: await getMerchant(merchant.merchantId) });
});

export const PUT = route({ auth: "user", merchant: "merchant:update", body: merchantUpdateSchema }, async ({ merchant, body }) => {
  return json({ message: "Merchant updated", merchant: await updateMerchant(merchant.merchantId, body) });
});
