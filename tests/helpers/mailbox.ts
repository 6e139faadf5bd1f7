// E-mails reach the dev mailbox through the e-mail outbox (lib/email/queue.ts); tests send what is
// due, exactly as the worker would, before reading the mailbox.
import { claimDueEmails, sendOutboundEmail } from "@/lib/email/outbox";

/** Sends every due e-mail now, in order, as the worker would. Returns how many were tried. */
export async function deliverQueuedEmails(): Promise<number> {
  let ran = 0;
  for (;;) {
    const claimed = await claimDueEmails();
    if (!claimed.length) return ran;
    for (const email of claimed) {
      await sendOutboundEmail(email);
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
    // A worker running in this process (tests that start it) may hold the e-mail for a moment.
    if (found || Date.now() > deadline) return found ?? null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
