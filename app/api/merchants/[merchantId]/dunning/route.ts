import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { dunningUpdateSchema } from "@/lib/subscriptions/schemas";
import { getDunningSettings, updateDunningSettings } from "@/lib/subscriptions/dunning-settings";
import { auditSource } from "@/lib/team/audit";

export const GET = route({ auth: "userOrKey", merchant: "merchant:read" }, async ({ merchant }) => {
  return json({ dunning: await getDunningSettings(merchant.merchantId) });
});

/** A business setting, like the profile: people change it in the dashboard (user token, merchant:update). */
export const PUT = route({ auth: "user", merchant: "merchant:update", body: dunningUpdateSchema }, async (ctx) => {
  const dunning = await updateDunningSettings(ctx.merchant.merchantId, ctx.body, auditSource(ctx));
  return json({ message: "Retry settings saved", dunning });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
