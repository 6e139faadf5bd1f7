import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { getDelivery } from "@/lib/webhooks/queries";
import { deliveryParams } from "@/lib/webhooks/schemas";

/** One delivery: its payload and every attempt (time, status code, duration, first 1 KB of the answer). */
export const GET = route({ auth: "userOrKey", merchant: "webhooks:manage", params: deliveryParams }, async ({ merchant, params }) => {
  return json(await getDelivery(merchant, params.webhookId, params.deliveryId));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
