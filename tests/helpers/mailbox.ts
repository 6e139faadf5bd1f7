// E-mails reach the dev mailbox through the e-mail queue (lib/email/queue.ts); tests run what is
// queued, exactly as the worker would, before reading the mailbox.
import { jobQueue } from "@/lib/jobs/boss";
import { JOBS, runJob } from "@/lib/jobs/registry";

const EMAIL_QUEUE = JOBS.sendEmail.name;

/** Delivers every queued e-mail now, in order, as the worker would. Returns how many jobs ran. */
export async function deliverQueuedEmails(): Promise<number> {
  const boss = await jobQueue();
  let ran = 0;
  for (;;) {
    const jobs = await boss.fetch(EMAIL_QUEUE, { batchSize: 100 });
    if (!jobs?.length) return ran;
    for (const job of jobs) {
      await runJob("sendEmail", job.data);
      await boss.complete(EMAIL_QUEUE, job.id);
      ran++;
    }
  }
}

/** Waits (up to `timeoutMs`) until `find` returns something, delivering queued e-mails first each time. */
export async function waitForEmail<T>(find: () => Promise<T | null | undefined>, timeoutMs = 5_000): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await deliverQueuedEmails();
    const found = await find();
    // A worker running in this process (tests that start it) may hold the job for a moment.
    if (found || Date.now() > deadline) return found ?? null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
