import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listDeliveries } from "@/lib/webhooks/queries";
import { deliveryListQuery, webhookParams } from "@/lib/webhooks/schemas";

/** The endpoint's delivery log, newest first; filters status and eventType; cursor-paginated. */
export const GET = route(
  { auth: "userOrKey", merchant: "webhooks:manage", params: webhookParams, query: deliveryListQuery },
  async ({ merchant, params, query }) => {
    const page = await listDeliveries(merchant, params.webhookId, query);
    return json({ data: page.data, nextCursor: page.nextCursor, hasMore: page.hasMore });
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
