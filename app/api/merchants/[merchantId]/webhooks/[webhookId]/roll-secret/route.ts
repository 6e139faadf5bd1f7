import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { webhookParams } from "@/lib/webhooks/schemas";
import { rollSecret } from "@/lib/webhooks/service";
import { auditSource } from "@/lib/team/audit";

/** A new signing secret, shown once in this answer; the old one stops signing immediately. */
export const POST = route({ auth: "userOrKey", merchant: "webhooks:manage", params: webhookParams }, async (ctx) => {
  const webhook = await rollSecret(ctx.merchant, ctx.params.webhookId, auditSource(ctx));
  return json({ message: "Webhook secret rolled", webhook });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
