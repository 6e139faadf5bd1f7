// Every pg-boss job of the app, in one list: its queue name, its schedule if it recurs, its queue
// and retry policy, how workers fetch it, its payload (zod) and its handler. lib/jobs/boss.ts creates
// the queues, schedules and workers from this list, and sendJob/insertJobs (there) queue by key.
// pg-boss is the only scheduler: cron lines are UTC at minute granularity; the webhook outbox, which
// wants a one-second poll, is a job that queues its own next run (see webhookOutbox).
import type PgBoss from "pg-boss";
import { z } from "zod";
import type { jobsConfig } from "@/lib/config";
import { log } from "@/lib/log";
import { reconcilePending } from "@/lib/payments/reconcile";
import { markOverdueInvoices } from "@/lib/invoices/service";
import { pruneApiRequestLog } from "@/lib/api/request-log";
import { pruneIdempotencyKeys } from "@/lib/api/idempotency";
import { syncPayouts } from "@/lib/payouts/sync";
import { queueDailySummaries } from "@/lib/notifications/daily-summary";
import { pruneEvents } from "@/lib/webhooks/events";
import { deliverWebhook, pollWebhookOutbox } from "@/lib/webhooks/jobs";
import { emailJobSchema } from "@/lib/email/job";
import { sendEmailJob } from "@/lib/email/worker";

type JobDefinition<P extends z.ZodType = z.ZodType> = {
  /** The pg-boss queue name; it is stored in pg-boss's tables, so never rename one in place. */
  name: string;
  /** Recurring jobs: a cron line (UTC). The singleton policy keeps two machines from running it at once. */
  cron?: string;
  /** Queue one run as the workers start, not only at the next cron tick. */
  runAtStart?: true;
  /** pg-boss queue options: policy, retries, expiry. */
  queue: Omit<PgBoss.Queue, "name">;
  /** How the workers fetch: jobs per fetch (run at once), poll interval, parallel fetch loops. */
  work?: (settings: ReturnType<typeof jobsConfig>) => PgBoss.WorkOptions & { loops?: number };
  payload: P;
  /** Run once per job; a throw fails the job (pg-boss retries it per `queue`). */
  handler: (data: z.output<P>) => Promise<void>;
};

const define = <P extends z.ZodType>(job: JobDefinition<P>) => job;

/** Scheduled jobs carry nothing (pg-boss sends `{}` or null). */
const none = z.object({}).nullish();
const singleton = { policy: "singleton" } as const;

export const JOBS = {
  reconcilePending: define({
    name: "reconcile-pending",
    cron: "*/5 * * * *",
    queue: singleton,
    payload: none,
    handler: async () => {
      const result = await reconcilePending();
      if (result.checked > 0) log.info(result, "reconciled pending transactions");
    },
  }),
  markOverdueInvoices: define({
    name: "mark-overdue-invoices",
    // Daily at 00:05 in Lagos (23:05 UTC); the job is idempotent, so a late or repeated run is harmless.
    cron: "5 23 * * *",
    queue: singleton,
    payload: none,
    handler: async () => {
      const marked = await markOverdueInvoices();
      if (marked > 0) log.info({ marked }, "invoices marked overdue");
    },
  }),
  pruneApiRequestLog: define({
    name: "prune-api-request-log",
    // Daily at 01:20 in Lagos, when traffic is lowest.
    cron: "20 0 * * *",
    queue: singleton,
    payload: none,
    handler: async () => {
      const deleted = await pruneApiRequestLog();
      if (deleted > 0) log.info({ deleted }, "old API request log rows deleted");
    },
  }),
  pruneIdempotencyKeys: define({
    name: "prune-idempotency-keys",
    // Daily at 01:40 in Lagos: keys last 24 hours, so a day's worth at most waits for the next run.
    cron: "40 0 * * *",
    queue: singleton,
    payload: none,
    handler: async () => {
      const deleted = await pruneIdempotencyKeys();
      if (deleted > 0) log.info({ deleted }, "expired idempotency keys deleted");
    },
  }),
  pruneEvents: define({
    name: "prune-events",
    // Daily at 02:00 in Lagos: events older than 30 days go, with their delivery logs (GET /api/events).
    cron: "0 1 * * *",
    queue: singleton,
    payload: none,
    handler: async () => {
      const { events } = await pruneEvents();
      if (events > 0) log.info({ events }, "events and their delivery logs older than 30 days deleted");
    },
  }),
  syncPayouts: define({
    name: "sync-payouts",
    // Daily at 11:00 in Lagos, after the processors' morning settlements have gone out.
    cron: "0 10 * * *",
    queue: singleton,
    payload: none,
    handler: async () => {
      const result = await syncPayouts();
      log.info(result, "payouts read from the processors");
    },
  }),
  dailySummary: define({
    name: "daily-summary",
    // Daily at 08:00 in Lagos (07:00 UTC): yesterday's payments, to members who turned the summary on.
    cron: "0 7 * * *",
    queue: singleton,
    payload: none,
    handler: async () => {
      const queued = await queueDailySummaries();
      if (queued > 0) log.info({ queued }, "daily summaries queued");
    },
  }),
  /**
   * New outbox events → deliveries, and the sweep for due deliveries without a job. Each run queues
   * the next one second later (a cron line cannot say "every second"); `short` keeps at most one
   * waiting, and the every-minute cron restarts the chain if a process died between run and requeue.
   */
  webhookOutbox: define({
    name: "webhook-outbox",
    cron: "* * * * *",
    runAtStart: true,
    queue: { policy: "short", retryLimit: 0, expireInSeconds: 60 },
    work: () => ({ pollingIntervalSeconds: 0.5 }),
    payload: none,
    handler: () => pollWebhookOutbox(),
  }),
  /**
   * One attempt at one delivery; the delivery row holds the retry schedule, so pg-boss never
   * retries. `short` + singletonKey = delivery id: at most one queued job per delivery, however
   * often the sweeper re-enqueues it. (Not stately: a dead worker's job stuck "active" would block fetching.)
   */
  deliverWebhook: define({
    name: "webhook-deliver",
    queue: { policy: "short", retryLimit: 0, expireInSeconds: 60 },
    work: (settings) => ({ batchSize: settings.webhookBatchSize, loops: settings.webhookLoops, pollingIntervalSeconds: 0.5 }),
    payload: z.object({ deliveryId: z.uuid() }),
    handler: (data) => deliverWebhook(data.deliveryId),
  }),
  /** Retried with backoff (about 30 s, 1 min, 2 min, …) while the e-mail service is down. */
  sendEmail: define({
    name: "send-email",
    queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    work: () => ({ pollingIntervalSeconds: 0.5 }),
    payload: emailJobSchema,
    handler: (job) => sendEmailJob(job),
  }),
};

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = z.input<(typeof JOBS)[K]["payload"]>;

/** Runs one job's handler on its data; a payload that does not parse is logged and dropped (retrying cannot fix it). */
export async function runJob(key: JobKey, data: unknown): Promise<void> {
  const job: JobDefinition = JOBS[key];
  const parsed = job.payload.safeParse(data);
  if (!parsed.success) {
    log.error({ job: job.name, issues: parsed.error.issues.map((i) => i.path.join(".")) }, "malformed job dropped");
    return;
  }
  await job.handler(parsed.data);
}
