// The pg-boss side of webhooks (the webhook-deliver and webhook-outbox jobs in lib/jobs/registry.ts).
// Jobs carry only a delivery id; the delivery row is the truth, and ./delivery.ts knows nothing of pg-boss.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { insertJobs, sendJob } from "@/lib/jobs/boss";
import { attemptDelivery, dispatchOutbox } from "./delivery";

/** The outbox job's next run starts this long after one ends. */
const OUTBOX_POLL_SECONDS = 1;
const SWEEP_EVERY_MS = 5_000;
/** A due delivery still without an attempt after this long is handed out again (its job is lost). */
const SWEEP_GRACE_MS = 5_000;

let lastSweep = 0;

/** Queues a job per delivery, and notes when on the delivery (the sweeper's clue that it has one). */
export async function enqueueDeliveries(ids: string[], startAfter?: Date): Promise<void> {
  await db.webhookDelivery.updateMany({ where: { id: { in: ids } }, data: { queuedAt: new Date() } });
  await insertJobs(
    "deliverWebhook",
    ids.map((deliveryId) => ({ data: { deliveryId }, singletonKey: deliveryId, ...(startAfter && { startAfter }) })),
  );
}

/** The webhook-deliver job: one attempt, and the next one queued for when the retry schedule says. */
export async function deliverWebhook(deliveryId: string): Promise<void> {
  try {
    const outcome = await attemptDelivery(deliveryId);
    if (outcome.status === "retry") await enqueueDeliveries([deliveryId], outcome.at);
  } catch (error) {
    // The lease runs out and the sweeper tries again.
    log.error({ err: error, deliveryId }, "webhook delivery attempt crashed");
  }
}

/**
 * The webhook-outbox job: fans new events out to deliveries until the outbox is empty, sweeps for
 * due deliveries without a job every few seconds, then queues its own next run.
 */
export async function pollWebhookOutbox(): Promise<void> {
  try {
    let batch: Awaited<ReturnType<typeof dispatchOutbox>>;
    do {
      batch = await dispatchOutbox();
      if (batch.deliveryIds.length) await enqueueDeliveries(batch.deliveryIds);
    } while (batch.events > 0);
    if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      const due = await dueDeliveries(SWEEP_GRACE_MS);
      if (due.length) await enqueueDeliveries(due);
    }
  } catch (error) {
    log.error({ err: error }, "webhook outbox poll failed");
  }
  await sendJob("webhookOutbox", {}, { startAfter: OUTBOX_POLL_SECONDS }).catch((error: unknown) =>
    log.error({ err: error }, "could not queue the next outbox poll"),
  );
}

/**
 * PENDING deliveries due, and last queued, longer than `graceMs` ago: their worker died mid-attempt
 * (the lease ran out) or an enqueue was lost. A job runs within moments of being due, so one
 * still waiting in the queue is left alone (re-queueing it would be harmless: one job per delivery).
 */
async function dueDeliveries(graceMs: number, limit = 1000): Promise<string[]> {
  const before = new Date(Date.now() - graceMs).toISOString();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "WebhookDelivery" d
    WHERE d.status = 'PENDING' AND (d."nextAttemptAt" IS NULL OR d."nextAttemptAt" <= ${before}::timestamp)
      AND (d."queuedAt" IS NULL OR d."queuedAt" <= ${before}::timestamp)
    ORDER BY d."nextAttemptAt" LIMIT ${limit}`;
  return rows.map((r) => r.id);
}
