import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { eventParams, eventScopeQuery, getEvent } from "@/lib/webhooks/events";

/** One event: exactly the envelope its webhook deliveries carried. */
export const GET = route(
  { auth: "userOrKey", merchant: "webhooks:manage", merchantFrom: "query", params: eventParams, query: eventScopeQuery, versioned: "event" },
  async ({ merchant, params }) => json(await getEvent(merchant, params.eventId)),
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
