import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { auditSource } from "@/lib/team/audit";
import { settlementAccountSchema } from "@/lib/payouts/schemas";
import { getSettlementAccount, saveSettlementAccount } from "@/lib/payouts/settlement-account";

export const GET = route({ auth: "userOrKey", merchant: "merchant:read" }, async ({ merchant }) => {
  return json({ settlementAccount: await getSettlementAccount(merchant.merchantId) });
});

/** Owners and admins only, confirmed with the password or a two-factor code. */
export const PUT = route({ auth: "user", merchant: "merchant:update", body: settlementAccountSchema }, async (ctx) => {
  const saved = await saveSettlementAccount(ctx.merchant.merchantId, ctx.principal.userId, ctx.body, auditSource(ctx));
  return json({ message: "Settlement account saved", ...saved });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
