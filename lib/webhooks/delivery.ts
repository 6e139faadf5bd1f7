// Delivery engine. All state is in PostgreSQL (WebhookDelivery, WebhookAttempt): pg-boss jobs only
// say "try this delivery now", so a killed worker loses nothing. An attempt first claims its
// delivery with a short lease (nextAttemptAt pushed forward); if the worker dies mid-attempt the
// lease runs out and the sweeper hands the delivery to another worker. The jobs are in ./jobs.ts.
import PQueue from "p-queue";
import { Webhook } from "standardwebhooks";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { log } from "@/lib/log";
import { downgrade, versionOr } from "@/lib/api/versions";
import { toEnvelope } from "./envelope";
import { deliveryTimeoutMs, postWebhook, RESPONSE_LOG_BYTES } from "./http";
import { notifyEndpointDisabled } from "./notify";

/** Delay before each retry, after attempts 1…7; attempt 8 is the last (about 27½ hours in all). */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;
/** Longer than one attempt can take (its timeout plus 10 s), so only a dead worker's claim expires. */
export function leaseSeconds(): number {
  return Math.max(20, Math.ceil(deliveryTimeoutMs() / 1000) + 10);
}
/** An endpoint failing every attempt for this long is disabled and its owners e-mailed. */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

const ENDPOINT_DISABLED = "Endpoint is disabled";

export type AttemptOutcome = { status: "skipped" } | { status: "succeeded" } | { status: "failed" } | { status: "retry"; at: Date };

type Claimed = {
  attemptCount: number;
  endpointId: string;
  url: string;
  secret: string;
  usable: boolean;
  failingSinceMs: number | null;
  /** The endpoint's version, or (created before versions) its merchant's pinned one. */
  apiVersion: string | null;
  eventId: string;
  type: string;
  merchantId: string;
  environment: Environment;
  payload: string;
  eventCreatedMs: number;
};

const iso = (d: Date) => d.toISOString();

// Hundreds of attempts are in flight at once, mostly waiting on receivers, but they share the
// process's small database pool, whose waiters time out after 5 s. Their statements queue here
// instead (no timeout), and an outcome write goes before any new claim: a lost write would let the
// lease run out and the receiver get the same event again.
const OUTCOME = 1;
const CLAIM = 0;
let gate: PQueue | undefined;
function database<T>(priority: number, statement: () => Promise<T>): Promise<T> {
  gate ??= new PQueue({ concurrency: Math.max(1, config().DATABASE_POOL_SIZE - 2) });
  return gate.add(statement, { priority, throwOnTimeout: true });
}

/**
 * Makes one attempt at a delivery if it is due; safe to call twice for the same id at once.
 * The hot path of the worker: two statements per attempt (claim-and-load, then log-and-update).
 * Timestamps are passed as UTC ISO strings, which is how Prisma stores TIMESTAMP(3) columns.
 */
export async function attemptDelivery(deliveryId: string): Promise<AttemptOutcome> {
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + leaseSeconds() * 1000);
  const [claimed] = await database(
    CLAIM,
    () => db.$queryRaw<Claimed[]>`
    UPDATE "WebhookDelivery" d SET "nextAttemptAt" = ${iso(leaseUntil)}::timestamp, "updatedAt" = ${iso(now)}::timestamp
    FROM "WebhookEndpoint" e, "Event" ev, "Merchant" m
    WHERE d.id = ${deliveryId}::uuid AND d.status = 'PENDING'
      AND (d."nextAttemptAt" IS NULL OR d."nextAttemptAt" <= ${iso(now)}::timestamp)
      AND e.id = d."endpointId" AND ev.id = d."eventId" AND m.id = e."merchantId"
    RETURNING d."attemptCount", e.id AS "endpointId", e.url, e.secret, (e.active AND e."disabledAt" IS NULL) AS usable,
      (EXTRACT(EPOCH FROM e."failingSince") * 1000)::float8 AS "failingSinceMs", COALESCE(e."apiVersion", m."apiVersion") AS "apiVersion",
      ev.id AS "eventId", ev.type, ev."merchantId", ev.environment::text AS environment, ev.payload::text AS payload,
      (EXTRACT(EPOCH FROM ev."createdAt") * 1000)::float8 AS "eventCreatedMs"`,
  );
  if (!claimed) return { status: "skipped" };

  const attemptedAt = new Date();
  const latest = toEnvelope({
    id: claimed.eventId,
    type: claimed.type,
    createdAt: new Date(claimed.eventCreatedMs),
    merchantId: claimed.merchantId,
    environment: claimed.environment,
    payload: JSON.parse(claimed.payload) as unknown,
  });
  const envelope = downgrade("event", latest, versionOr(claimed.apiVersion));
  const result = claimed.usable
    ? await send(claimed.url, claimed.secret, claimed.eventId, attemptedAt, JSON.stringify(envelope))
    : { statusCode: null, responseBody: null, error: ENDPOINT_DISABLED, durationMs: 0 };
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attemptCount = claimed.attemptCount + 1;
  const gaveUp = !succeeded && (attemptCount >= MAX_ATTEMPTS || !claimed.usable);
  const retryAt = succeeded || gaveUp ? null : new Date(Date.now() + RETRY_SCHEDULE_SECONDS[attemptCount - 1]! * 1000);
  const status = succeeded ? "SUCCEEDED" : gaveUp ? "FAILED" : "PENDING";

  // The request has gone out: its outcome must be written (see `database` above).
  await withRetries(() =>
    database(
      OUTCOME,
      () => db.$executeRaw`
    WITH attempt AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", "attemptedAt", "statusCode", "durationMs", "responseBody", error, succeeded)
      VALUES (gen_random_uuid(), ${deliveryId}::uuid, ${iso(attemptedAt)}::timestamp, ${result.statusCode}::int, ${result.durationMs}::int,
        ${result.responseBody?.slice(0, RESPONSE_LOG_BYTES) ?? null}::text, ${result.error}::text, ${succeeded})
    )
    UPDATE "WebhookDelivery" SET status = ${status}::"DeliveryStatus", "attemptCount" = ${attemptCount}::int,
      "lastAttemptAt" = ${iso(attemptedAt)}::timestamp, "nextAttemptAt" = ${retryAt ? iso(retryAt) : null}::timestamp, "updatedAt" = ${iso(new Date())}::timestamp
    WHERE id = ${deliveryId}::uuid`,
    ),
  );
  if (claimed.usable) {
    const failingSince = claimed.failingSinceMs === null ? null : new Date(claimed.failingSinceMs);
    await database(OUTCOME, () => trackEndpointHealth(claimed.endpointId, failingSince, succeeded, attemptedAt));
  }

  if (succeeded) return { status: "succeeded" };
  return retryAt ? { status: "retry", at: retryAt } : { status: "failed" };
}

async function withRetries<T>(write: () => Promise<T>, tries = 5): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await write();
    } catch (error) {
      if (n >= tries) throw error;
      log.warn({ err: error, try: n }, "could not record a webhook attempt; trying again");
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** n));
    }
  }
}

function send(url: string, secret: string, webhookId: string, at: Date, body: string) {
  // Standard Webhooks: the id stays the same on every retry (receivers dedupe on it); the
  // timestamp is the attempt's, so receivers can refuse stale replays.
  const signature = new Webhook(secret).sign(webhookId, at, body);
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return postWebhook(url, { "webhook-id": webhookId, "webhook-timestamp": timestamp, "webhook-signature": signature }, body);
}

/** Clears the failing streak on success; disables an endpoint that has failed for days. */
async function trackEndpointHealth(endpointId: string, failingSince: Date | null, succeeded: boolean, at: Date) {
  if (succeeded) {
    if (failingSince) await db.webhookEndpoint.updateMany({ where: { id: endpointId }, data: { failingSince: null } });
    return;
  }
  if (!failingSince) {
    await db.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: null }, data: { failingSince: at } });
    return;
  }
  if (at.getTime() - failingSince.getTime() < DISABLE_AFTER_MS) return;
  // Conditional, so only one worker disables it and queues the e-mail (with it, as one change).
  await db.$transaction(async (tx) => {
    const disabled = await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, disabledAt: null, failingSince: { not: null } },
      data: { active: false, disabledAt: at },
    });
    if (disabled.count === 1) await notifyEndpointDisabled(tx, endpointId);
  });
}

/**
 * Fans new outbox events out to the endpoints subscribed to them (one delivery per endpoint) and
 * marks the events dispatched, in one transaction. SKIP LOCKED lets several workers share the work.
 * Returns how many events it took and the new deliveries' ids, to be enqueued.
 */
export async function dispatchOutbox(limit = 500): Promise<{ events: number; deliveryIds: string[] }> {
  return db.$transaction(async (tx) => {
    const events = await tx.$queryRaw<{ id: string; merchantId: string; environment: string; type: string }[]>`
      SELECT id, "merchantId", environment::text AS environment, type FROM "Event"
      WHERE "dispatchedAt" IS NULL ORDER BY "createdAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    if (events.length === 0) return { events: 0, deliveryIds: [] };
    const merchantIds = [...new Set(events.map((e) => e.merchantId))];
    const endpoints = await tx.webhookEndpoint.findMany({
      where: { merchantId: { in: merchantIds }, active: true, disabledAt: null },
      select: { id: true, merchantId: true, environment: true, events: true },
    });
    const now = new Date();
    const rows = events.flatMap((event) =>
      endpoints
        .filter((ep) => ep.merchantId === event.merchantId && ep.environment === event.environment && ep.events.includes(event.type))
        .map((ep) => ({ eventId: event.id, endpointId: ep.id, nextAttemptAt: now })),
    );
    const created = rows.length ? await tx.webhookDelivery.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true } }) : [];
    await tx.event.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { dispatchedAt: now } });
    return { events: events.length, deliveryIds: created.map((d) => d.id) };
  });
}
