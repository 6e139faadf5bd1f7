// Runs queued e-mail jobs (lib/email/queue.ts): builds the message (making any link's token now),
// renders it and sends it through Resend or into the dev mailbox (lib/email/send.ts).
import type PgBoss from "pg-boss";
import { log } from "@/lib/log";
import { passwordResetEmailFor, verificationEmailFor } from "@/lib/auth/emails";
import { invitationEmailFor } from "@/lib/team/invitations";
import { endpointDisabledEmailFor } from "@/lib/webhooks/notify";
import { invoiceEmailFor } from "@/lib/invoices/email";
import { autoRefundEmailFor } from "@/lib/payments/auto-refunds";
import { settlementAccountChangedEmailFor } from "@/lib/payouts/settlement-account";
import { receiptEmailFor, refundEmailFor } from "@/lib/payments/receipt-emails";
import { dailySummaryEmailFor, paymentReceivedEmailFor } from "@/lib/notifications/emails";
import type { EmailMessage } from "./messages";
import { EMAIL_QUEUE, emailJobSchema, ensureEmailQueue, type EmailJob } from "./queue";
import { sendEmail } from "./send";

/** The message a job asks for, or null when there is nothing to send (unknown address, used invitation…). */
function build(job: EmailJob): Promise<EmailMessage | null> {
  switch (job.kind) {
    case "verify-email":
      return verificationEmailFor(job.email);
    case "password-reset":
      return passwordResetEmailFor(job.email);
    case "invitation":
      return invitationEmailFor(job.invitationId);
    case "webhook-disabled":
      return endpointDisabledEmailFor(job.endpointId, job.to);
    case "invoice":
      return invoiceEmailFor(job.invoiceId);
    case "auto-refund":
      return autoRefundEmailFor(job.transactionId);
    case "settlement-account-changed":
      return settlementAccountChangedEmailFor(job.merchantId, job.changedBy);
    case "receipt":
      return receiptEmailFor(job.transactionId);
    case "refund":
      return refundEmailFor(job.transactionId, BigInt(job.amount));
    case "payment-received":
      return paymentReceivedEmailFor(job.transactionId, job.userId);
    case "daily-summary":
      return dailySummaryEmailFor(job.merchantId, job.userId, job.day);
  }
}

/** One job. A send failure throws, so pg-boss retries the job (with a new link: the unsent one is never known). */
export async function runEmailJob(data: unknown): Promise<void> {
  const parsed = emailJobSchema.safeParse(data);
  if (!parsed.success) {
    log.error({ issues: parsed.error.issues.map((i) => i.path.join(".")) }, "malformed e-mail job dropped");
    return;
  }
  const message = await build(parsed.data);
  if (message) await sendEmail(message);
}

export async function startEmailWorker(boss: PgBoss): Promise<void> {
  await ensureEmailQueue(boss);
  await boss.work(EMAIL_QUEUE, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await runEmailJob(job.data);
  });
}
