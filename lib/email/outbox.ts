// Sends the e-mail outbox (OutboundEmail rows, lib/email/queue.ts). The email-outbox job claims due
// rows with a lease (nextAttemptAt pushed forward, attempts counted) and queues one send-email job
// per row; the job sends it and marks the row. A worker that dies mid-send loses nothing: its
// lease runs out and the row is claimed again. Retries are the row's (backoff), not pg-boss's.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { insertJobs, sendJob } from "@/lib/jobs/boss";
import { emailJobSchema } from "./job";
import { buildEmail } from "./worker";
import { sendEmail } from "./send";

/** Longer than a send-email job may run (its expiry, lib/jobs/registry.ts), so only a dead worker's claim runs out. */
const LEASE_SECONDS = 180;
/** Delay before each retry after a failed send (about 30 s, 1 min, 2 min, … 16 min); then it has failed. */
const RETRY_SECONDS = [30, 60, 120, 240, 480, 960] as const;
const MAX_ATTEMPTS = RETRY_SECONDS.length + 1;
const OUTBOX_POLL_SECONDS = 1;
const BATCH = 200;

const iso = (d: Date) => d.toISOString();

export type ClaimedEmail = { id: string; attempt: number };

/** Claims up to `limit` due rows for one attempt each; two pollers never claim the same row. */
export async function claimDueEmails(limit = BATCH): Promise<ClaimedEmail[]> {
  const now = new Date();
  // Timestamps as UTC ISO strings: that is how Prisma stores TIMESTAMP(3) columns.
  return db.$queryRaw<ClaimedEmail[]>`
    UPDATE "OutboundEmail" SET attempts = attempts + 1, "nextAttemptAt" = ${iso(new Date(now.getTime() + LEASE_SECONDS * 1000))}::timestamp
    WHERE id IN (
      SELECT id FROM "OutboundEmail" WHERE status = 'QUEUED' AND "nextAttemptAt" <= ${iso(now)}::timestamp
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id, attempts AS attempt`;
}

/** The email-outbox job: hands every due row to a send-email job, then queues its own next run. */
export async function pollEmailOutbox(): Promise<void> {
  try {
    let claimed: ClaimedEmail[];
    do {
      claimed = await claimDueEmails();
      if (claimed.length)
        await insertJobs(
          "sendEmail",
          claimed.map((data) => ({ data })),
        );
    } while (claimed.length === BATCH);
  } catch (error) {
    log.error({ err: error }, "e-mail outbox poll failed");
  }
  await sendJob("emailOutbox", {}, { startAfter: OUTBOX_POLL_SECONDS }).catch((error: unknown) =>
    log.error({ err: error }, "could not queue the next e-mail outbox poll"),
  );
}

/** Marks the row, if this attempt still holds it. */
async function finish(email: ClaimedEmail, data: { status: "SENT" | "FAILED" | "SKIPPED" | "QUEUED"; reason?: string | null; retryAt?: Date }) {
  await db.outboundEmail.updateMany({
    where: { id: email.id, status: "QUEUED", attempts: email.attempt },
    data: {
      status: data.status,
      reason: data.reason ?? null,
      ...(data.status === "SENT" && { sentAt: new Date() }),
      ...(data.retryAt && { nextAttemptAt: data.retryAt }),
    },
  });
}

/** The send-email job: one attempt at one claimed row. A stale job (the row was claimed again since, or is done) does nothing. */
export async function sendOutboundEmail(email: ClaimedEmail): Promise<void> {
  const row = await db.outboundEmail.findUnique({ where: { id: email.id }, select: { status: true, attempts: true, kind: true, payload: true } });
  if (!row || row.status !== "QUEUED" || row.attempts !== email.attempt) return;
  const job = emailJobSchema.safeParse(row.payload);
  if (!job.success) return finish(email, { status: "FAILED", reason: "malformed payload" });
  try {
    const message = await buildEmail(job.data);
    if (!message) return await finish(email, { status: "SKIPPED", reason: "nothing to send" });
    await sendEmail(message);
    await finish(email, { status: "SENT" });
  } catch (error) {
    // send.ts keeps the API key out of its errors.
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const delay = RETRY_SECONDS[email.attempt - 1];
    log.warn({ err: error, emailId: email.id, kind: row.kind, attempt: email.attempt }, "e-mail not sent");
    await finish(
      email,
      delay === undefined || email.attempt >= MAX_ATTEMPTS
        ? { status: "FAILED", reason }
        : { status: "QUEUED", reason, retryAt: new Date(Date.now() + delay * 1000) },
    );
  }
}
