import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { eventScopeQuery } from "@/lib/webhooks/events";
import { triggerBody, triggerEvent } from "@/lib/webhooks/trigger";

/** A sample test-mode event of one type, delivered like a real one (`npx paylink trigger`): a secret key's merchant, or ?merchantId= with a user token. */
export const POST = route(
  { auth: "userOrKey", merchant: "webhooks:manage", merchantFrom: "query", query: eventScopeQuery, body: triggerBody, idempotent: true },
  async ({ merchant, body }) => json(await triggerEvent(merchant, body.type), 201),
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
