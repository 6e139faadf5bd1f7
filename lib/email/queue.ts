// The one way to send e-mail from a request: queue a job (pg-boss) that says which e-mail to build;
// the worker (lib/email/worker.ts) builds, renders and sends it. Requests never render or send, so
// they take the same time whatever the e-mail (or whether one is sent at all), and a slow or failing
// e-mail service never holds a request. Jobs carry ids and addresses only: the links' tokens are
// made when the job runs, so no secret ever waits in the queue table.
import type PgBoss from "pg-boss";
import { z } from "zod";
import { jobQueue } from "@/lib/jobs/boss";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";

export const EMAIL_QUEUE = "send-email";

export const emailJobSchema = z.discriminatedUnion("kind", [
  /** To an unverified account with this address, if any: a fresh verification link. */
  z.object({ kind: z.literal("verify-email"), email: z.string() }),
  /** To the account with this address, if any: a fresh password-reset link. */
  z.object({ kind: z.literal("password-reset"), email: z.string() }),
  /** To the invited address, if the invitation is still pending: a fresh accept link. */
  z.object({ kind: z.literal("invitation"), invitationId: z.string() }),
  /** To one owner or admin: the endpoint was disabled after failing. */
  z.object({ kind: z.literal("webhook-disabled"), endpointId: z.string(), to: z.string() }),
  /** To the invoice's customer, unless it is a draft or void by then: the invoice and its pay link. */
  z.object({ kind: z.literal("invoice"), invoiceId: z.string() }),
  /** To the merchant's owner: this payment was refunded automatically. */
  z.object({ kind: z.literal("auto-refund"), transactionId: z.string() }),
  /** To the merchant's owner: the settlement account (where the money goes) was changed, and by whom. */
  z.object({ kind: z.literal("settlement-account-changed"), merchantId: z.string(), changedBy: z.string() }),
  /** To the payment's customer: the receipt of a completed payment. */
  z.object({ kind: z.literal("receipt"), transactionId: z.string() }),
  /** To the payment's customer: part or all of it was refunded (amount in kobo, as digits: jobs are JSON). */
  z.object({ kind: z.literal("refund"), transactionId: z.string(), amount: z.string().regex(/^\d+$/) }),
  /** To one member who wants it (Membership.notifyPayments): "You've been paid". */
  z.object({ kind: z.literal("payment-received"), transactionId: z.string(), userId: z.string() }),
  /** To one member who wants it (Membership.dailySummary): a business's payments on one Lagos day (YYYY-MM-DD). */
  z.object({ kind: z.literal("daily-summary"), merchantId: z.string(), userId: z.string(), day: z.string() }),
]);
export type EmailJob = z.infer<typeof emailJobSchema>;

export async function ensureEmailQueue(boss: PgBoss): Promise<void> {
  // Retried with backoff (about 30 s, 1 min, 2 min, …) while the e-mail service is down.
  await boss.createQueue(EMAIL_QUEUE, { name: EMAIL_QUEUE, retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
}

/** Queues an e-mail; throws if the queue cannot take it (the caller's request then fails and can be retried). */
export async function queueEmail(job: EmailJob): Promise<void> {
  const boss = await jobQueue();
  await boss.send(EMAIL_QUEUE, job);
}

/**
 * For e-mails that follow a committed change (a sign-up, an invitation, an automatic refund): the
 * change stands if the queue is unreachable, so this logs instead of throwing; the person can ask for
 * the e-mail again (or, for a refund, see it in the dashboard).
 */
export async function queueEmailAfterCommit(job: EmailJob): Promise<void> {
  try {
    await queueEmail(job);
  } catch (error) {
    log.error({ err: error, kind: job.kind }, "could not queue an e-mail");
  }
}

export type EmailJobStatus = "queued" | "sent" | "failed";

/**
 * Whether an e-mail job whose data contains `match` was queued since `since`, and how it went, from
 * pg-boss's own tables (kept about a week): what a page may promise ("a receipt is on its way") is
 * what the queue really holds. Null when there is none (or it has been pruned).
 */
export async function emailJobStatus(match: Record<string, string>, since: Date): Promise<EmailJobStatus | null> {
  // Before anything was ever queued (a fresh database), pg-boss's schema does not exist yet.
  const [schema] = await db.$queryRaw<{ ready: boolean }[]>`SELECT to_regclass('pgboss.archive') IS NOT NULL AS ready`;
  if (!schema?.ready) return null;
  const data = JSON.stringify(match);
  // Bounded by time on both tables, so the lookup reads a few recent rows (archive_i1 is on archived_on).
  const rows = await db.$queryRaw<{ state: string }[]>`
    SELECT state::text FROM pgboss.job WHERE name = ${EMAIL_QUEUE} AND created_on >= ${since} AND data @> ${data}::jsonb
    UNION ALL
    SELECT state::text FROM pgboss.archive WHERE name = ${EMAIL_QUEUE} AND archived_on >= ${since} AND data @> ${data}::jsonb`;
  const states = new Set(rows.map((r) => r.state));
  if (states.has("completed")) return "sent";
  if (states.has("created") || states.has("retry") || states.has("active")) return "queued";
  return states.size > 0 ? "failed" : null;
}
