// pg-boss wiring for webhooks. Jobs carry only a delivery id; the delivery row is the truth.
import type PgBoss from "pg-boss";
import { log } from "@/lib/log";
import { attemptDelivery, dispatchOutbox, dueDeliveries, WEBHOOK_DELIVER_QUEUE } from "./delivery";

export const WEBHOOK_QUEUES = { deliver: WEBHOOK_DELIVER_QUEUE } as const;

/** Parallel fetch loops per process; each takes up to BATCH jobs and sends them concurrently. */
const LOOPS = Number(process.env.WEBHOOK_WORKERS ?? 4);
const BATCH = Number(process.env.WEBHOOK_BATCH_SIZE ?? 50);
const POLL_MS = 1_000;
const SWEEP_EVERY_MS = 5_000;
/** A due delivery still without an attempt after this long is handed out again (its job is lost). */
const SWEEP_GRACE_MS = 5_000;

type DeliverJob = { deliveryId: string };

export async function ensureWebhookQueues(boss: PgBoss): Promise<void> {
  // short + singletonKey = delivery id: at most one queued job per delivery, however often the
  // sweeper re-enqueues it. (Not stately: a dead worker's job stuck "active" would block fetching.)
  await boss.createQueue(WEBHOOK_QUEUES.deliver, { name: WEBHOOK_QUEUES.deliver, policy: "short", retryLimit: 0, expireInSeconds: 60 });
}

export async function enqueueDeliveries(boss: PgBoss, ids: string[], startAfter?: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await boss.insert(
      ids.slice(i, i + 500).map((deliveryId) => ({ name: WEBHOOK_QUEUES.deliver, data: { deliveryId }, singletonKey: deliveryId, ...(startAfter ? { startAfter } : {}) })),
    );
  }
}

async function runDelivery(boss: PgBoss, deliveryId: string): Promise<void> {
  try {
    const outcome = await attemptDelivery(deliveryId);
    if (outcome.status === "retry") await enqueueDeliveries(boss, [deliveryId], outcome.at);
  } catch (error) {
    // The lease runs out and the sweeper tries again.
    log.error({ err: error, deliveryId }, "webhook delivery attempt crashed");
  }
}

/**
 * Starts the delivery workers and the outbox poller (new events → deliveries, plus a sweep for
 * due deliveries without a job). Returns a function that stops the poller.
 */
export async function startWebhookWorkers(boss: PgBoss): Promise<() => Promise<void>> {
  await ensureWebhookQueues(boss);
  for (let i = 0; i < LOOPS; i++) {
    await boss.work<DeliverJob>(WEBHOOK_QUEUES.deliver, { batchSize: BATCH, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      await Promise.all(jobs.map((job) => runDelivery(boss, job.data.deliveryId)));
    });
  }

  let stopped = false;
  let lastSweep = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        let batch: Awaited<ReturnType<typeof dispatchOutbox>>;
        do {
          batch = await dispatchOutbox();
          if (batch.deliveryIds.length) await enqueueDeliveries(boss, batch.deliveryIds);
        } while (batch.events > 0 && !stopped);
        if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
          lastSweep = Date.now();
          const due = await dueDeliveries(SWEEP_GRACE_MS);
          if (due.length) await enqueueDeliveries(boss, due);
        }
      } catch (error) {
        log.error({ err: error }, "webhook outbox poll failed");
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}
