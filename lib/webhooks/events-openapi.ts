// GET /api/events and GET /api/events/{eventId}: the outbox in the webhook envelope.
import { z } from "@/lib/api/validation";
import { paths } from "@/lib/api/openapi/operation";
import { EventSchema } from "./event-schemas";
import { eventListQuery, eventParams, eventScopeQuery } from "./events";

/** The one body every webhook delivery carries, and what the events API answers: `data` by `type` (./event-schemas.ts). */
export const EventEnvelopeSchema = EventSchema;

const who =
  "With a secret key: that key's merchant and mode. With a user token: the merchant named by `merchantId` (required), in the mode the dashboard shows. Needs `webhooks:manage` (owners, admins, developers; secret keys). Events are kept 30 days; `webhook.test` events are not listed.";

export const eventPaths = paths("Events", "userOrKey", {
  "/api/events": {
    get: {
      operationId: "listEvents",
      summary: "List events",
      description: `The merchant's events, newest first, in cursor pages: catch up on webhooks you missed. Filter by \`type\` (one type, or a group such as \`transaction.*\`) and by creation time (\`from\`, \`to\`, inclusive). ${who}`,
      query: eventListQuery,
      errors: [400, 403, 404],
      ok: {
        200: [
          "A page of events",
          z.object({
            data: z.array(EventEnvelopeSchema),
            nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last" }),
          }),
        ],
      },
    },
  },
  "/api/events/{eventId}": {
    get: {
      operationId: "getEvent",
      summary: "Get an event",
      description: `One event, in the same envelope (the same JSON) its webhook deliveries carried. Another merchant's event, or one of the other mode, answers 404. ${who}`,
      params: eventParams,
      query: eventScopeQuery,
      errors: [400, 403, 404],
      ok: { 200: ["The event", EventEnvelopeSchema] },
    },
  },
});
