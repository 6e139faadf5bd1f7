// The one way to send e-mail from a request: queue a job (pg-boss) that says which e-mail to build;
// the worker (lib/email/worker.ts) builds, renders and sends it. Requests never render or send, so
// they take the same time whatever the e-mail (or whether one is sent at all), and a slow or failing
// e-mail service never holds a request. Jobs carry ids and addresses only: the links' tokens are
// made when the job runs, so no secret ever waits in the queue table.
import { JOBS } from "@/lib/jobs/registry";
import { sendJob } from "@/lib/jobs/boss";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { EmailJob } from "./job";

/** Queues an e-mail; throws if the queue cannot take it (the caller's request then fails and can be retried). */
export async function queueEmail(job: EmailJob): Promise<void> {
  await sendJob("sendEmail", job);
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
    SELECT state::text FROM pgboss.job WHERE name = ${JOBS.sendEmail.name} AND created_on >= ${since} AND data @> ${data}::jsonb
    UNION ALL
    SELECT state::text FROM pgboss.archive WHERE name = ${JOBS.sendEmail.name} AND archived_on >= ${since} AND data @> ${data}::jsonb`;
  const states = new Set(rows.map((r) => r.state));
  if (states.has("completed")) return "sent";
  if (states.has("created") || states.has("retry") || states.has("active")) return "queued";
  return states.size > 0 ? "failed" : null;
}
