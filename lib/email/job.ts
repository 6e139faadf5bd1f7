// What an e-mail in the outbox says (OutboundEmail.payload, lib/email/queue.ts): which e-mail to
// build, by ids and addresses; e-mails that report a change carry the change itself (never a secret
// or a full account number), so each describes its own change.
import { z } from "@/lib/zod";
import { PROCESSOR_NAMES } from "@/lib/processors/catalog";

const settlementAccountChangedJob = z.object({
  kind: z.literal("settlement-account-changed"),
  merchantId: z.string(),
  bankName: z.string(),
  accountNumberLast4: z.string().regex(/^\d{4}$/),
  accountName: z.string(),
  changedBy: z.string(),
  /** ISO time of the change. */
  changedAt: z.iso.datetime(),
});
export type SettlementAccountChangedJob = z.infer<typeof settlementAccountChangedJob>;

/** Why a subscription ended, for its e-mail: at its period's end, unpaid after the last retry, or canceled at once when asked. */
export const SUBSCRIPTION_END_REASONS = ["period_end", "unpaid", "requested"] as const;

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
  /** To the merchant's owner: the settlement account (where the money goes) was changed. The change itself travels here (last four digits only), so the e-mail describes it and not a later one. */
  settlementAccountChangedJob,
  /** To the merchant's owner: the daily check found a subaccount paying another account than ours. */
  z.object({
    kind: z.literal("settlement-account-mismatch"),
    merchantId: z.string(),
    processor: z.enum(PROCESSOR_NAMES),
    environment: z.enum(["test", "live"]),
    processorBank: z.string(),
    processorAccountLast4: z.string(),
    ourBank: z.string(),
    ourAccountLast4: z.string(),
  }),
  /** To the payment's customer: the receipt of a completed payment. */
  z.object({ kind: z.literal("receipt"), transactionId: z.string() }),
  /** To the payment's customer: part or all of it was refunded (amount in kobo, as digits: jobs are JSON). */
  z.object({ kind: z.literal("refund"), transactionId: z.string(), amount: z.string().regex(/^\d+$/) }),
  /** To one member who wants it (Membership.notifyPayments): "You've been paid". */
  z.object({ kind: z.literal("payment-received"), transactionId: z.string(), userId: z.string() }),
  /** To the account's address: two-factor sign-in will be removed after the wait (asked for with a password reset). */
  z.object({ kind: z.literal("two-factor-removal"), userId: z.string() }),
  /** To one member who wants it (Membership.dailySummary): a business's payments on one Lagos day (YYYY-MM-DD). */
  z.object({ kind: z.literal("daily-summary"), merchantId: z.string(), userId: z.string(), day: z.string() }),
  /** To the subscriber: the subscription started (or its free trial did), with the link to manage it. */
  z.object({ kind: z.literal("subscription-welcome"), subscriptionId: z.string() }),
  /**
   * To the subscriber: a renewal charge failed. What happens next travels here (when the card is tried
   * again, or that it cannot be: the customer must pay or give a new card), so the e-mail tells this failure's story.
   */
  z.object({
    kind: z.literal("subscription-payment-failed"),
    subscriptionId: z.string(),
    transactionId: z.string(),
    reason: z.string().nullable(),
    nextRetryAt: z.iso.datetime().nullable(),
    cardDeclined: z.boolean(),
  }),
  /** To the subscriber: the saved card expires soon (once per card). */
  z.object({ kind: z.literal("subscription-card-expiring"), subscriptionId: z.string() }),
  /** To the subscriber: the subscription ended (at its period's end, unpaid after every retry, or canceled when asked). */
  z.object({ kind: z.literal("subscription-canceled"), subscriptionId: z.string(), reason: z.enum(SUBSCRIPTION_END_REASONS).optional() }),
]);
export type EmailJob = z.infer<typeof emailJobSchema>;
export type SettlementAccountMismatchJob = Extract<EmailJob, { kind: "settlement-account-mismatch" }>;
