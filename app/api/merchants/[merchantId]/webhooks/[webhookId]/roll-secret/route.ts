import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { webhookParams } from "@/lib/webhooks/schemas";
import { rollSecret } from "@/lib/webhooks/service";

/** A new signing secret, shown once in this answer; the old one stops signing immediately. */
export const POST = route({ auth: "userOrKey", merchant: "webhooks:manage", params: webhookParams }, async ({ merchant, params }) => {
  const webhook = await rollSecret(merchant.merchantId, merchant.environment, params.webhookId);
  return json({ message: "Webhook secret rolled", webhook });
});
