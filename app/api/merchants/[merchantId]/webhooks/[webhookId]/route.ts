import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { updateWebhookSchema, webhookParams } from "@/lib/webhooks/schemas";
import { toWebhookResponse } from "@/lib/webhooks/serializers";
import { deleteEndpoint, findEndpoint, updateEndpoint } from "@/lib/webhooks/service";

export const GET = route({ auth: "userOrKey", merchant: "webhooks:manage", params: webhookParams }, async ({ merchant, params }) => {
  const endpoint = await findEndpoint(merchant, params.webhookId);
  return json({ webhook: toWebhookResponse(endpoint) });
});

/** Partial update of url, events, description, active; the secret changes only through roll-secret. */
export const PUT = route(
  { auth: "userOrKey", merchant: "webhooks:manage", params: webhookParams, body: updateWebhookSchema },
  async ({ merchant, params, body }) => {
    const webhook = await updateEndpoint(merchant, params.webhookId, body);
    return json({ message: "Webhook updated", webhook });
  },
);

export const DELETE = route({ auth: "userOrKey", merchant: "webhooks:manage", params: webhookParams }, async ({ merchant, params }) => {
  await deleteEndpoint(merchant, params.webhookId);
  return json({ message: "Webhook deleted" });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
