// Every pg-boss job of the app, in one list: its queue name, its schedule if it recurs, its queue
// and retry policy, how workers fetch it, its payload (zod) and its handler. lib/jobs/boss.ts creates
// the queues, schedules and workers from this list, and sendJob/insertJobs (there) queue by key.
// pg-boss is the only scheduler: cron lines are UTC at minute granularity; the webhook outbox, which
// wants a one-second poll, is a job that queues its own next run (see webhookOutbox).
import type PgBoss from "pg-boss";
import { z } from "@/lib/zod";
import type { jobsConfig } from "@/lib/config";
import { log } from "@/lib/log";
import { reconcilePending } from "@/lib/payments/reconcile";
import { markOverdueInvoices } from "@/lib/invoices/service";
import { pruneApiRequestLog } from "@/lib/api/request-log";
import { pruneIdempotencyKeys } from "@/lib/api/idempotency";
import { queuePayoutSync, syncSubaccount } from "@/lib/payouts/sync";
import { checkMerchantSubaccounts, queueSubaccountChecks } from "@/lib/payouts/subaccount-check";
import { backfillMerchantSubaccounts, queueSubaccountBackfill } from "@/lib/payouts/subaccount-backfill";
import { queueDailySummaries } from "@/lib/notifications/daily-summary";
import { pruneEvents } from "@/lib/webhooks/events";
import { deliverWebhook, pollWebhookOutbox } from "@/lib/webhooks/jobs";
import { pollEmailOutbox, sendOutboundEmail } from "@/lib/email/outbox";
import { queueDueRenewals, renewSubscription } from "@/lib/subscriptions/renewals";
import { warnExpiringCards } from "@/lib/subscriptions/expiry";

type JobDefinition<P extends z.ZodType = z.ZodType> = {
  /** The pg-boss queue name; it is stored in pg-boss's tables, so never rename one in place. */
  name: string;
  /** Recurring jobs: a cron line (UTC). The singleton policy keeps two machines from running one at once. */
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

/**
 * A job that reads one subaccount or merchant at its processors (payouts, subaccount checks and
 * backfills): a processor that could not answer fails that job only, retried with backoff (about 1, 2,
 * 4, 8, 16 min). Each process runs up to payoutLoops × payoutBatchSize at once; the processors' pace
 * is lib/processors/throttle.ts's.
 */
const processorRead = {
  queue: { policy: "short", retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  work: (settings) => ({ batchSize: settings.payoutBatchSize, loops: settings.payoutLoops, pollingIntervalSeconds: 0.5 }),
} satisfies Pick<JobDefinition, "queue" | "work">;

/** Whether a maintenance run did anything worth a log line: a count above 0, or any count in its result above 0. */
function didSomething(result: unknown): boolean {
  if (typeof result === "number") return result > 0;
  return typeof result === "object" && result !== null && Object.values(result).some((v) => typeof v === "number" && v > 0);
}

/** An outbox poll: every minute by cron, at start, and (each run queues the next) about every second. */
const outboxPoll = (name: string, poll: () => Promise<void>) =>
  define({
    name,
    cron: "* * * * *",
    runAtStart: true,
    queue: { policy: "short", retryLimit: 0, expireInSeconds: 60 },
    work: () => ({ pollingIntervalSeconds: 0.5 }),
    payload: none,
    handler: () => poll(),
  });

/** A recurring maintenance job with no payload: runs `run` and logs what it did, if anything. */
const recurring = (name: string, cron: string, run: () => Promise<unknown>, done: string, options: { runAtStart?: true } = {}) =>
  define({
    name,
    cron,
    ...options,
    queue: singleton,
    payload: none,
    handler: async () => {
      const result = await run();
      if (didSomething(result)) log.info(typeof result === "number" ? { count: result } : result, done);
    },
  });

/**
 * One merchant's subaccounts, each at its processor (a processorRead job): `run` answers how many it
 * could not do, and any such fails the job so that it is retried.
 */
const merchantSubaccounts = (name: string, run: (merchantId: string) => Promise<{ errors: number }>, failed: string) =>
  define({
    name,
    ...processorRead,
    payload: z.object({ merchantId: z.uuid() }),
    handler: async (data) => {
      const { errors } = await run(data.merchantId);
      if (errors > 0) throw new Error(`${errors} subaccount(s) could not be ${failed}`);
    },
  });

// Handlers are arrow functions that call into their modules when a job runs, never references taken
// while this file loads: several of those modules queue jobs, so they import this file back. For the
// same reason payload schemas come from modules that import nothing of ours.
export const JOBS = {
  reconcilePending: recurring("reconcile-pending", "*/5 * * * *", () => reconcilePending(), "reconciled pending transactions"),
  // Daily at 00:05 in Lagos (23:05 UTC); the job is idempotent, so a late or repeated run is harmless.
  markOverdueInvoices: recurring("mark-overdue-invoices", "5 23 * * *", () => markOverdueInvoices(), "invoices marked overdue"),
  // Daily at 01:20 in Lagos, when traffic is lowest.
  pruneApiRequestLog: recurring("prune-api-request-log", "20 0 * * *", () => pruneApiRequestLog(), "old API request log rows deleted"),
  // Daily at 01:40 in Lagos: keys last 24 hours, so a day's worth at most waits for the next run.
  pruneIdempotencyKeys: recurring("prune-idempotency-keys", "40 0 * * *", () => pruneIdempotencyKeys(), "expired idempotency keys deleted"),
  // Daily at 02:00 in Lagos: events older than 30 days go, with their delivery logs (GET /api/events).
  pruneEvents: recurring("prune-events", "0 1 * * *", () => pruneEvents(), "events and their delivery logs older than 30 days deleted"),
  // Daily at 11:00 in Lagos, after the processors' morning settlements have gone out: queues one
  // syncSubaccountPayouts job per subaccount (the name is the old single job's; its work moved there).
  syncPayouts: recurring("sync-payouts", "0 10 * * *", () => queuePayoutSync(), "payout reads queued, one per subaccount"),
  /**
   * One subaccount's settlements read back and recorded, retried like every processor read.
   * `short` + singletonKey = subaccount id: at most one waiting per subaccount however often the
   * cron run queues.
   */
  syncSubaccountPayouts: define({
    name: "sync-subaccount-payouts",
    ...processorRead,
    payload: z.object({ subaccountId: z.uuid(), asOf: z.iso.datetime() }),
    handler: async (data) => {
      await syncSubaccount(data.subaccountId, new Date(data.asOf));
    },
  }),
  // Daily at 06:30 in Lagos, before the morning's settlements: queues one checkMerchantSubaccounts job per merchant.
  checkSubaccounts: recurring("check-subaccounts", "30 5 * * *", () => queueSubaccountChecks(), "subaccount checks queued, one per merchant"),
  /**
   * One merchant's subaccounts, each as its processor holds it, against its settlement account. A
   * processor that could not answer fails this job only, retried with backoff like the payout reads.
   */
  checkMerchantSubaccounts: merchantSubaccounts("check-merchant-subaccounts", (merchantId) => checkMerchantSubaccounts(merchantId), "checked"),
  // As the workers start (a processor may just have joined the route) and hourly after, for a run
  // that failed: queues one backfillMerchantSubaccounts job per merchant missing a subaccount.
  backfillSubaccounts: recurring("backfill-subaccounts", "45 * * * *", () => queueSubaccountBackfill(), "subaccount backfills queued", { runAtStart: true }),
  /**
   * One merchant's subaccounts at the processors of each mode's route it has none at yet. A
   * processor that failed fails this job only, retried with backoff like the payout reads.
   */
  backfillMerchantSubaccounts: merchantSubaccounts("backfill-merchant-subaccounts", (merchantId) => backfillMerchantSubaccounts(merchantId), "backfilled"),
  // Every five minutes: queues one renewSubscription job per subscription that is due (a renewal or a dunning retry).
  renewSubscriptions: recurring("renew-subscriptions", "*/5 * * * *", () => queueDueRenewals(), "subscription renewals queued"),
  /**
   * One subscription's due charge (lib/subscriptions/renewals.ts). `stately` + singletonKey =
   * subscription and period: one waiting and one running per period, however often the cron run
   * queues; the engine itself never charges a period twice either way. Not retried by pg-boss: a
   * processor that could not answer is asked again by the next cron run.
   */
  renewSubscription: define({
    name: "renew-subscription",
    queue: { policy: "stately", retryLimit: 0, expireInSeconds: 300 },
    work: () => ({ batchSize: 4, pollingIntervalSeconds: 1 }),
    payload: z.object({ subscriptionId: z.uuid(), asOf: z.iso.datetime() }),
    handler: async (data) => {
      await renewSubscription(data.subscriptionId, new Date(data.asOf));
    },
  }),
  // Daily at 09:00 in Lagos (08:00 UTC): subscribers whose card expires within 30 days, once per card.
  warnExpiringCards: recurring("warn-expiring-cards", "0 8 * * *", () => warnExpiringCards(), "card expiry warnings queued"),
  // Daily at 08:00 in Lagos (07:00 UTC): yesterday's payments, to members who turned the summary on.
  dailySummary: recurring("daily-summary", "0 7 * * *", () => queueDailySummaries(), "daily summaries queued"),
  /**
   * New outbox events → deliveries, and the sweep for due deliveries without a job. Each run queues
   * the next one second later (a cron line cannot say "every second"); `short` keeps at most one
   * waiting, and the every-minute cron restarts the chain if a process died between run and requeue.
   */
  webhookOutbox: outboxPoll("webhook-outbox", pollWebhookOutbox),
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
  /** Queued rows of the e-mail outbox → send-email jobs; polls each second like webhookOutbox (lib/email/outbox.ts). */
  emailOutbox: outboxPoll("email-outbox", pollEmailOutbox),
  /** One attempt at one outbox row; the row holds the retry schedule, so pg-boss never retries. */
  sendEmail: define({
    name: "send-email",
    queue: { retryLimit: 0, expireInSeconds: 120 },
    work: () => ({ pollingIntervalSeconds: 0.5 }),
    payload: z.object({ id: z.uuid(), attempt: z.number().int().positive() }),
    handler: (email) => sendOutboundEmail(email),
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
