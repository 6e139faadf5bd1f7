import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { environmentSchema } from "@/lib/auth/schemas";
import { setMerchantEnvironment } from "@/lib/merchants/service";

/** Switches the dashboard between test and live data (for every member). Secret keys keep their own mode. */
export const PUT = route({ auth: "user", merchant: "keys:manage", body: environmentSchema }, async ({ merchant, body }) => {
  const updated = await setMerchantEnvironment(merchant.merchantId, body.environment);
  return json({ message: body.environment === "live" ? "Live mode on" : "Test mode on", merchant: updated });
});
