import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { deliveryParams } from "@/lib/webhooks/schemas";
import { resendDelivery } from "@/lib/webhooks/service";

/** Sends the same event again (same webhook-id), with a fresh retry schedule; 202. */
export const POST = route({ auth: "userOrKey", merchant: "webhooks:manage", params: deliveryParams, idempotent: true }, async ({ merchant, params }) => {
  const delivery = await resendDelivery(merchant, params.webhookId, params.deliveryId);
  return json({ message: "Delivery queued", delivery }, 202);
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
