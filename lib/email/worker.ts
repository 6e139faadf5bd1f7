// Runs queued e-mail jobs (lib/email/queue.ts, the send-email job in lib/jobs/registry.ts): builds the message (making any link's token now),
// renders it and sends it through Resend or into the dev mailbox (lib/email/send.ts).
import { passwordResetEmailFor, twoFactorRemovalEmailFor, verificationEmailFor } from "@/lib/auth/emails";
import { invitationEmailFor } from "@/lib/team/invitations";
import { endpointDisabledEmailFor } from "@/lib/webhooks/notify";
import { invoiceEmailFor } from "@/lib/invoices/email";
import { autoRefundEmailFor } from "@/lib/payments/auto-refunds";
import { settlementAccountChangedEmailFor } from "@/lib/payouts/settlement-account";
import { receiptEmailFor, refundEmailFor } from "@/lib/payments/receipt-emails";
import { dailySummaryEmailFor, paymentReceivedEmailFor } from "@/lib/notifications/emails";
import type { EmailMessage } from "./messages";
import type { EmailJob } from "./job";
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
    case "two-factor-removal":
      return twoFactorRemovalEmailFor(job.userId);
    case "daily-summary":
      return dailySummaryEmailFor(job.merchantId, job.userId, job.day);
  }
}

/** One job (the send-email job's handler, lib/jobs/registry.ts). A send failure throws, so pg-boss retries the job (with a new link: the unsent one is never known). */
export async function sendEmailJob(job: EmailJob): Promise<void> {
  const message = await build(job);
  if (message) await sendEmail(message);
}
