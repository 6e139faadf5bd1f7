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

export const QUEUES = {
  reconcilePending: "reconcile-pending",
  markOverdueInvoices: "mark-overdue-invoices",
  pruneApiRequestLog: "prune-api-request-log",
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
