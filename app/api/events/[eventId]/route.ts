import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { eventParams, eventScopeQuery, getEvent } from "@/lib/webhooks/events";

/** One event: exactly the envelope its webhook deliveries carried. */
export const GET = route(
  { auth: "userOrKey", merchant: "webhooks:manage", merchantFrom: "query", params: eventParams, query: eventScopeQuery },
  async ({ merchant, params }) => json(await getEvent(merchant, params.eventId)),
);
