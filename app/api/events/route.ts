import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { pageShape } from "@/lib/api/versions";
import { json } from "@/lib/api/respond";
import { eventListQuery, listEvents } from "@/lib/webhooks/events";

/** The merchant's events in the webhook envelope, newest first: a secret key's merchant and mode, or ?merchantId= with a user token. */
export const GET = route(
  { auth: "userOrKey", merchant: "webhooks:manage", merchantFrom: "query", query: eventListQuery, versioned: pageShape("event") },
  async ({ merchant, query }) => json(await listEvents(merchant, query)),
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
