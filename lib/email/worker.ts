// Builds the message an outbox row asks for (lib/email/outbox.ts sends it), making any link's token now.
import { passwordResetEmailFor, twoFactorRemovalEmailFor, verificationEmailFor } from "@/lib/auth/emails";
import { invitationEmailFor } from "@/lib/team/invitations";
import { endpointDisabledEmailFor } from "@/lib/webhooks/notify";
import { invoiceEmailFor } from "@/lib/invoices/email";
import { autoRefundEmailFor } from "@/lib/payments/auto-refunds";
import { settlementAccountChangedEmailFor } from "@/lib/payouts/settlement-account";
import { settlementAccountMismatchEmailFor } from "@/lib/payouts/subaccount-check";
import { receiptEmailFor, refundEmailFor } from "@/lib/payments/receipt-emails";
import { dailySummaryEmailFor, paymentReceivedEmailFor } from "@/lib/notifications/emails";
import { subscriptionEmailFor } from "@/lib/subscriptions/emails";
import type { EmailMessage } from "./messages";
import type { EmailJob } from "./job";

/** The message a job asks for, or null when there is nothing to send (unknown address, used invitation…). */
export function buildEmail(job: EmailJob): Promise<EmailMessage | null> {
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
      return settlementAccountChangedEmailFor(job);
    case "settlement-account-mismatch":
      return settlementAccountMismatchEmailFor(job);
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
    case "subscription-welcome":
    case "subscription-payment-failed":
    case "subscription-card-expiring":
    case "subscription-canceled":
      return subscriptionEmailFor(job);
  }
}
