import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { webhookParams } from "@/lib/webhooks/schemas";
import { sendTestEvent } from "@/lib/webhooks/service";

/** Queues a signed `webhook.test` event to this endpoint; 202, the result shows in the delivery log. */
export const POST = route({ auth: "userOrKey", merchant: "webhooks:manage", params: webhookParams, idempotent: true }, async ({ merchant, params }) => {
  const delivery = await sendTestEvent(merchant, params.webhookId);
  return json({ message: "Test event queued", delivery }, 202);
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
