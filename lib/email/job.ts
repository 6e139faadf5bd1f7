// What an e-mail job says (the payload of the send-email job, lib/jobs/registry.ts): which e-mail
// to build, by ids and addresses only. Its own module, with nothing but zod, so the registry can
// hold it without an import cycle.
import { z } from "zod";

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
  /** To the account's address: two-factor sign-in will be removed after the wait (asked for with a password reset). */
  z.object({ kind: z.literal("two-factor-removal"), userId: z.string() }),
  /** To one member who wants it (Membership.dailySummary): a business's payments on one Lagos day (YYYY-MM-DD). */
  z.object({ kind: z.literal("daily-summary"), merchantId: z.string(), userId: z.string(), day: z.string() }),
]);
export type EmailJob = z.infer<typeof emailJobSchema>;
