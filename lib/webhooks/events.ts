// The events API (GET /api/events, GET /api/events/:eventId): the outbox read back in the webhook
// envelope, so an integrator can catch up on deliveries it missed. Scoped to one merchant and mode;
// kept 30 days (pruneEvents, a daily job), together with their delivery logs.
import { afterCursor, blankAsMissing, newestFirst, pageQuery, toPage } from "@/lib/api/pagination";
import { z } from "@/lib/zod";
import { findOr404 } from "@/lib/api/find";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { TEST_EVENT_TYPE, toEnvelope } from "./envelope";
import { EVENT_TYPES } from "./outbox";
import type { MerchantScope } from "@/lib/auth/access";

export const EVENT_RETENTION_DAYS = 30;

/** transaction.*, refund.*, … : every group of the catalogue, for `type=<group>.*`. */
const EVENT_GROUPS = [...new Set(EVENT_TYPES.map((type) => type.slice(0, type.indexOf("."))))];
const TYPE_HELP = `type must be an event type (${EVENT_TYPES.join(", ")}) or a group such as transaction.*`;
const isTypeFilter = (value: string) =>
  (EVENT_TYPES as readonly string[]).includes(value) || (value.endsWith(".*") && EVENT_GROUPS.includes(value.slice(0, -2)));
const instant = (name: string) =>
  blankAsMissing(z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time, e.g. 2026-11-23T09:00:00Z` }).optional());

/** Whose events: a secret key's own merchant, or (user token) the merchant named here. */
export const eventScopeQuery = z.object({
  merchantId: blankAsMissing(
    z
      .uuid("merchantId must be a valid UUID")
      .optional()
      .meta({ description: "The merchant. Required with a user token; a secret key names its own (when sent it must be that one, else 404)." }),
  ),
});

export const eventListQuery = eventScopeQuery
  .extend({
    type: blankAsMissing(
      z
        .string()
        .trim()
        .max(64, TYPE_HELP)
        .refine(isTypeFilter, TYPE_HELP)
        .optional()
        .meta({ description: "One event type, or a group: `transaction.*`", example: "transaction.completed" }),
    ),
    from: instant("from").meta({ description: "Only events created at or after this instant" }),
    to: instant("to").meta({ description: "Only events created at or before this instant" }),
    ...pageQuery,
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { message: "from must not be after to", path: ["from"] });
export type EventListQuery = z.output<typeof eventListQuery>;

export const eventParams = z.object({ eventId: z.string().max(64).meta({ description: "The event's id (also the webhook-id header of its deliveries)" }) });

/** What the webhooks send: the catalogue's events (not "Send test event"'s webhook.test, made for one endpoint). */
function scoped({ merchantId, environment }: MerchantScope): Prisma.EventWhereInput {
  return { merchantId, environment, type: { not: TEST_EVENT_TYPE } };
}

/** The merchant's events in its mode, newest first, in keyset pages. */
export async function listEvents(scope: MerchantScope, query: EventListQuery) {
  const and: Prisma.EventWhereInput[] = [scoped(scope)];
  if (query.type) and.push(query.type.endsWith(".*") ? { type: { startsWith: query.type.slice(0, -1) } } : { type: query.type });
  if (query.from) and.push({ createdAt: { gte: new Date(query.from) } });
  if (query.to) and.push({ createdAt: { lte: new Date(query.to) } });
  if (query.cursor) and.push(afterCursor(query.cursor));
  const rows = await db.event.findMany({ where: { AND: and }, orderBy: newestFirst, take: query.limit + 1 });
  return toPage(rows, query.limit, toEnvelope);
}

/** One event; another merchant's or the other mode's answers 404 like one that does not exist. */
export async function getEvent(scope: MerchantScope, eventId: string) {
  const event = await findOr404(eventId, "Event not found", (id) => db.event.findFirst({ where: { id, ...scoped(scope) } }));
  return toEnvelope(event);
}

/**
 * Deletes events older than the retention period, with their delivery logs (deliveries and attempts
 * cascade from the event), in batches so no statement holds many locks for long. Daily job.
 */
export async function pruneEvents(now = new Date(), batch = 5_000): Promise<{ events: number }> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  let events = 0;
  for (;;) {
    const ids = (await db.event.findMany({ where: { createdAt: { lt: cutoff } }, select: { id: true }, take: batch })).map((e) => e.id);
    if (ids.length === 0) return { events };
    events += (await db.event.deleteMany({ where: { id: { in: ids } } })).count;
    if (ids.length < batch) return { events };
  }
}
