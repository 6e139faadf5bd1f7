// Background work on pg-boss, in the same PostgreSQL as everything else. In the default
// single-machine mode the app runs the workers in-process (instrumentation.ts); scaled out, set
// WORKERS=off on app instances and run `npm run worker` processes instead.
import PgBoss from "pg-boss";
import { log } from "@/lib/log";
import { onShutdown } from "@/lib/shutdown";
import { reconcilePending } from "@/lib/payments/reconcile";
import { markOverdueInvoices } from "@/lib/invoices/service";
import { ensureWebhookQueues, startWebhookWorkers } from "@/lib/webhooks/jobs";
import { pruneApiRequestLog } from "@/lib/api/request-log";
import { ensureEmailQueue } from "@/lib/email/queue";
import { startEmailWorker } from "@/lib/email/worker";
import { pruneIdempotencyKeys } from "@/lib/api/idempotency";
import { syncPayouts } from "@/lib/payouts/sync";
import { queueDailySummaries } from "@/lib/notifications/daily-summary";
import { pruneEvents } from "@/lib/webhooks/events";

export const QUEUES = {
  reconcilePending: "reconcile-pending",
  markOverdueInvoices: "mark-overdue-invoices",
  pruneApiRequestLog: "prune-api-request-log",
  pruneIdempotencyKeys: "prune-idempotency-keys",
  pruneEvents: "prune-events",
  syncPayouts: "sync-payouts",
  dailySummary: "daily-summary",
} as const;

let boss: PgBoss | undefined;
let stopWebhooks: (() => Promise<void>) | undefined;
let sender: Promise<PgBoss> | undefined;

function newBoss(extra: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const instance = new PgBoss({ connectionString, schema: "pgboss", max: Number(process.env.JOBS_POOL_SIZE ?? 4), ...extra });
  instance.on("error", (error) => log.error({ err: error }, "job queue error"));
  return instance;
}

export async function startWorkers(): Promise<PgBoss> {
  if (boss) return boss;
  boss = newBoss();
  onShutdown("drain", "jobs", stopWorkers);
  await boss.start();

  await boss.createQueue(QUEUES.reconcilePending, { name: QUEUES.reconcilePending, policy: "singleton" });
  // Every 5 minutes; the singleton policy keeps two machines from running it at once.
  await boss.schedule(QUEUES.reconcilePending, "*/5 * * * *");
  await boss.work(QUEUES.reconcilePending, async () => {
    const result = await reconcilePending();
    if (result.checked > 0) log.info(result, "reconciled pending transactions");
  });
  stopWebhooks = await startWebhookWorkers(boss);
  await startEmailWorker(boss);

  await boss.createQueue(QUEUES.markOverdueInvoices, { name: QUEUES.markOverdueInvoices, policy: "singleton" });
  // Daily at 00:05 in Lagos (23:05 UTC); the job is idempotent, so a late or repeated run is harmless.
  await boss.schedule(QUEUES.markOverdueInvoices, "5 23 * * *");
  await boss.work(QUEUES.markOverdueInvoices, async () => {
    const marked = await markOverdueInvoices();
    if (marked > 0) log.info({ marked }, "invoices marked overdue");
  });

  await boss.createQueue(QUEUES.pruneApiRequestLog, { name: QUEUES.pruneApiRequestLog, policy: "singleton" });
  // Daily at 01:20 in Lagos, when traffic is lowest.
  await boss.schedule(QUEUES.pruneApiRequestLog, "20 0 * * *");
  await boss.work(QUEUES.pruneApiRequestLog, async () => {
    const deleted = await pruneApiRequestLog();
    if (deleted > 0) log.info({ deleted }, "old API request log rows deleted");
  });

  await boss.createQueue(QUEUES.pruneIdempotencyKeys, { name: QUEUES.pruneIdempotencyKeys, policy: "singleton" });
  // Daily at 01:40 in Lagos: keys last 24 hours, so a day's worth at most waits for the next run.
  await boss.schedule(QUEUES.pruneIdempotencyKeys, "40 0 * * *");
  await boss.work(QUEUES.pruneIdempotencyKeys, async () => {
    const deleted = await pruneIdempotencyKeys();
    if (deleted > 0) log.info({ deleted }, "expired idempotency keys deleted");
  });

  await boss.createQueue(QUEUES.pruneEvents, { name: QUEUES.pruneEvents, policy: "singleton" });
  // Daily at 02:00 in Lagos: events older than 30 days go, with their delivery logs (GET /api/events).
  await boss.schedule(QUEUES.pruneEvents, "0 1 * * *");
  await boss.work(QUEUES.pruneEvents, async () => {
    const { events } = await pruneEvents();
    if (events > 0) log.info({ events }, "events and their delivery logs older than 30 days deleted");
  });

  await boss.createQueue(QUEUES.syncPayouts, { name: QUEUES.syncPayouts, policy: "singleton" });
  // Daily at 11:00 in Lagos, after the processors' morning settlements have gone out.
  await boss.schedule(QUEUES.syncPayouts, "0 10 * * *");
  await boss.work(QUEUES.syncPayouts, async () => {
    const result = await syncPayouts();
    log.info(result, "payouts read from the processors");
  });

  await boss.createQueue(QUEUES.dailySummary, { name: QUEUES.dailySummary, policy: "singleton" });
  // Daily at 08:00 in Lagos (07:00 UTC): yesterday's payments, to members who turned the summary on.
  await boss.schedule(QUEUES.dailySummary, "0 7 * * *");
  await boss.work(QUEUES.dailySummary, async () => {
    const queued = await queueDailySummaries();
    if (queued > 0) log.info({ queued }, "daily summaries queued");
  });

  log.info("background workers started");
  return boss;
}

/**
 * A queue to send jobs to: the running workers' instance, or (app instances with WORKERS=off)
 * a send-only one that runs no maintenance or schedules.
 */
export async function jobQueue(): Promise<PgBoss> {
  if (boss) return boss;
  onShutdown("drain", "jobs", stopWorkers);
  sender ??= (async () => {
    const instance = newBoss({ max: 2, supervise: false, schedule: false });
    await instance.start();
    await ensureWebhookQueues(instance);
    await ensureEmailQueue(instance);
    return instance;
  })().catch((error: unknown) => {
    sender = undefined;
    throw error;
  });
  return sender;
}

/** Lets running jobs finish (up to JOBS_STOP_TIMEOUT_MS), then stops (SIGTERM). */
export async function stopWorkers(): Promise<void> {
  await stopWebhooks?.();
  stopWebhooks = undefined;
  await boss?.stop({ graceful: true, wait: true, timeout: Number(process.env.JOBS_STOP_TIMEOUT_MS ?? 20_000) });
  boss = undefined;
  const pending = sender;
  sender = undefined;
  await (await pending?.catch(() => undefined))?.stop({ graceful: false });
}
