// Settling a transaction from what the processor says happened: from an authenticated webhook or
// from a verify call (reconciliation). Every effect of a settlement commits in one database
// transaction with the status change, and the status change is conditional on the transaction
// still being PENDING, so concurrent deliveries settle it exactly once.
import type { Tx } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import { recordEvent } from "@/lib/webhooks/outbox";
import type { ChargeDetails } from "@/lib/processors/types";
import { sourcesOf } from "./state";
import { chargeReferenceOf } from "./attempts";
import { toTransactionResponse } from "./serializers";
import { allocateTransfer, applyInvoicePayment } from "@/lib/invoices/allocation";
import { recordLinkPayment } from "@/lib/links/state";
import { recordCardCheckCustomer, recordCustomerPayment } from "@/lib/customers/service";
import { onPaymentCompleted } from "@/lib/subscriptions/lifecycle";
import { isRenewal } from "@/lib/subscriptions/periods";
import { queueEmail } from "@/lib/email/queue";
import { queuePaymentNotifications } from "@/lib/notifications/service";

/** paid_twice: a replaced checkout was paid after another attempt's payment completed; kept as a second payment and refunded (attempt-settlement.ts). */
export type SettleOutcome = "completed" | "failed" | "cancelled" | "abandoned" | "mismatch" | "already_settled" | "ignored" | "paid_twice";

export const LINK_FULL_REASON = "Paid after the payment link reached its limit of payments; refunded automatically";

/**
 * `surplus`: the payment is known to be one too many before it is counted anywhere (a second payment
 * of the same transaction): it completes, is not applied to its link or invoice, and is refunded.
 */
export async function settleTransaction(tx: Tx, transaction: Transaction, charge: ChargeDetails, surplus?: string): Promise<SettleOutcome> {
  if (charge.status === "success") {
    const mismatch = describeMismatch(transaction, charge);
    if (mismatch) {
      await tx.transaction.update({ where: { id: transaction.id }, data: { flaggedReason: mismatch } });
      return "mismatch";
    }
    return complete(tx, transaction, charge, surplus);
  }
  // A renewal is tried until dunning ends it (lib/subscriptions/dunning.ts): a decline reported here
  // was already counted from the charge's own answer, and the customer may still pay it.
  if (isRenewal(transaction)) return "ignored";
  if (charge.status === "failed") return fail(tx, transaction, "FAILED", charge.message ?? "Payment failed");
  if (charge.status === "abandoned") return fail(tx, transaction, "CANCELLED", charge.message ?? "Payment abandoned");
  return "ignored";
}

/** A success for a different amount or currency is never completed: it is flagged for a human. */
export function describeMismatch(t: Transaction, charge: ChargeDetails): string | null {
  if (charge.reference !== chargeReferenceOf(t)) return `Reference mismatch: processor reported ${charge.reference}`;
  if (charge.currency.toUpperCase() !== t.currency) return `Currency mismatch: expected ${t.currency}, processor reported ${charge.currency}`;
  if (charge.amount !== t.amount) return `Amount mismatch: expected ${t.amount} kobo, processor reported ${charge.amount} kobo`;
  return null;
}

async function complete(tx: Tx, t: Transaction, charge: ChargeDetails, knownSurplus?: string): Promise<SettleOutcome> {
  const completedAt = charge.paidAt ?? new Date();
  // Also conditional on the charge being the transaction's current one: a "Try again" that replaced
  // it meanwhile (retry.ts) moved chargeReference on, and attempt-settlement.ts then decides.
  const won = await tx.transaction.updateMany({
    where: { id: t.id, status: { in: sourcesOf("COMPLETED") }, chargeReference: t.chargeReference },
    data: {
      status: "COMPLETED",
      fee: charge.fee,
      paymentMethod: charge.paymentMethod,
      processorReference: charge.processorTransactionId ?? t.processorReference,
      completedAt,
      failureReason: null,
    },
  });
  if (won.count === 0) return "already_settled";

  const completed = { ...t, status: "COMPLETED" as const, fee: charge.fee, paymentMethod: charge.paymentMethod, completedAt };
  await recordEvent(tx, { merchantId: t.merchantId, environment: t.environment, type: "transaction.completed", data: toTransactionResponse(completed) });
  // Every completed payment counts on its customer (by e-mail), also one refunded as surplus: money moved.
  // A card check only proves a card: its customer is known, but it is never counted as paid.
  if (t.cardCheck) await recordCardCheckCustomer(tx, t);
  else await recordCustomerPayment(tx, t, completedAt);
  const surplus = knownSurplus ?? (await applyToSource(tx, t)) ?? (await onPaymentCompleted(tx, completed, charge.savedCard));
  // The money is in, but it pays for something already paid for: keep it on record, never count
  // it, and give it back (auto-refunds.ts issues the refund after this commits).
  // (The customer then gets the refund e-mail rather than a receipt, the owner the automatic-refund e-mail, not "You've been paid".)
  if (surplus) await tx.transaction.update({ where: { id: t.id }, data: { flaggedReason: surplus, autoRefundDueAt: new Date() } });
  // A card check is given back at once, the same way, with no receipt and no "You've been paid".
  else if (t.cardCheck) await tx.transaction.update({ where: { id: t.id }, data: { autoRefundDueAt: new Date() } });
  else {
    await queueEmail(tx, { kind: "receipt", transactionId: t.id });
    await queuePaymentNotifications(tx, t.id, t.merchantId);
  }
  return "completed";
}

/**
 * A renewal whose dunning ended with `canceled` (lib/subscriptions/dunning.ts), or whose subscription
 * was canceled while it was still being tried: FAILED, with its event.
 */
export async function failRenewal(tx: Tx, transaction: Transaction, reason: string): Promise<SettleOutcome> {
  return fail(tx, transaction, "FAILED", reason);
}

/**
 * The processor still has the charge open (verified by the caller, never assumed) after the
 * checkout expired: ABANDONED, with its event. A later success still completes it (state.ts).
 */
export async function abandonTransaction(tx: Tx, transaction: Transaction, reason: string): Promise<SettleOutcome> {
  return fail(tx, transaction, "ABANDONED", reason);
}

const EVENT_OF = { FAILED: "transaction.failed", ABANDONED: "transaction.abandoned", CANCELLED: null } as const;
const OUTCOME_OF = { FAILED: "failed", ABANDONED: "abandoned", CANCELLED: "cancelled" } as const;

async function fail(tx: Tx, t: Transaction, status: "FAILED" | "CANCELLED" | "ABANDONED", reason: string): Promise<SettleOutcome> {
  const moved = await tx.transaction.updateMany({
    where: { id: t.id, status: { in: sourcesOf(status) }, chargeReference: t.chargeReference },
    data: { status, failureReason: reason.slice(0, 500) },
  });
  if (moved.count === 0) return "already_settled";
  const type = EVENT_OF[status];
  if (type) {
    const ended = { ...t, status, failureReason: reason, updatedAt: new Date() };
    await recordEvent(tx, { merchantId: t.merchantId, environment: t.environment, type, data: toTransactionResponse(ended) });
  }
  return OUTCOME_OF[status];
}

/** Counts the payment on its link or invoice (a bank transfer: its customer's invoices); returns why it is one too many, if it is. */
async function applyToSource(tx: Tx, t: Transaction): Promise<string | null> {
  if (t.paymentLinkId && !(await recordLinkPayment(tx, t.paymentLinkId))) {
    return LINK_FULL_REASON;
  }
  if (t.virtualAccountId && t.customerId) await allocateTransfer(tx, t, t.customerId);
  if (t.invoiceId) {
    const outcome = await applyInvoicePayment(tx, t);
    if (outcome === "already_paid") return "The invoice was already paid; this payment was refunded automatically";
    if (outcome === "void") return "Paid after the invoice was voided; refunded automatically";
  }
  return null;
}
