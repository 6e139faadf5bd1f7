// GET /api/events and GET /api/events/{eventId}: the outbox in the webhook envelope.
import { pageOf, paths } from "@/lib/api/openapi/operation";
import { EventSchema } from "./event-schemas";
import { eventListQuery, eventParams, eventScopeQuery } from "./events";
import { TRIGGER_TYPES, triggerBody } from "./trigger";

/** The one body every webhook delivery carries, and what the events API answers: `data` by `type` (./event-schemas.ts). */
export const EventEnvelopeSchema = EventSchema;

const who =
  "With a secret key: that key's merchant and mode. With a user token: the merchant named by `merchantId` (required), in the mode the dashboard shows. Needs `webhooks:manage` (owners, admins, developers; secret keys). Events are kept 30 days; `webhook.test` events are not listed.";

export const eventPaths = paths(
  "Events",
  "userOrKey",
  {
    "/api/events": {
      get: {
        operationId: "listEvents",
        summary: "List events",
        description: `The merchant's events, newest first, in cursor pages: catch up on webhooks you missed. Filter by \`type\` (one type, or a group such as \`transaction.*\`) and by creation time (\`from\`, \`to\`, inclusive).`,
        query: eventListQuery,
        errors: [400, 403, 404],
        ok: {
          200: ["A page of events", pageOf(EventEnvelopeSchema)],
        },
      },
    },
    "/api/events/trigger": {
      post: {
        operationId: "triggerEvent",
        idempotent: true,
        summary: "Trigger a test event",
        description: `Makes a sample event of one type (${TRIGGER_TYPES.map((t) => `\`${t}\``).join(", ")}) in test mode, marked \`metadata.triggered\` where it has metadata. It goes through the outbox like a real one: the merchant's test endpoints subscribed to it receive it, and the events API (and \`npx paylink listen\`) lists it. Test mode only: a live key, or a user viewing live mode, gets 403.`,
        query: eventScopeQuery,
        body: triggerBody,
        errors: [400, [403, "A live key or live mode (events are triggered in test mode only), or no `webhooks:manage`"], 404],
        ok: { 201: ["The event made", EventEnvelopeSchema] },
      },
    },
    "/api/events/{eventId}": {
      get: {
        operationId: "getEvent",
        summary: "Get an event",
        description: `One event, in the same envelope (the same JSON) its webhook deliveries carried. Another merchant's event, or one of the other mode, answers 404.`,
        params: eventParams,
        query: eventScopeQuery,
        errors: [400, 403, 404],
        ok: { 200: ["The event", EventEnvelopeSchema] },
      },
    },
  },
  { note: who },
);
