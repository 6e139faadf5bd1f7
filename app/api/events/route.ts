import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { eventListQuery, listEvents } from "@/lib/webhooks/events";

/** The merchant's events in the webhook envelope, newest first: a secret key's merchant and mode, or ?merchantId= with a user token. */
export const GET = route({ auth: "userOrKey", merchant: "webhooks:manage", merchantFrom: "query", query: eventListQuery }, async ({ merchant, query }) =>
  json(await listEvents(merchant, query)),
);
