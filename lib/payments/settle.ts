// Settling a transaction from what the processor says happened: from an authenticated webhook or
// from a verify call (reconciliation). Every effect of a settlement commits in one database
// transaction with the status change, and the status change is conditional on the transaction
// still being PENDING, so concurrent deliveries settle it exactly once.
import type { Tx } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import { recordEvent } from "@/lib/webhooks/outbox";
import type { ChargeDetails } from "@/lib/processors/types";
import { sourcesOf } from "./state";
import { toTransactionResponse } from "./serializers";

export type SettleOutcome = "completed" | "failed" | "cancelled" | "mismatch" | "already_settled" | "ignored";

export async function settleTransaction(tx: Tx, transaction: Transaction, charge: ChargeDetails): Promise<SettleOutcome> {
  if (charge.status === "success") {
    const mismatch = describeMismatch(transaction, charge);
    if (mismatch) {
      await tx.transaction.update({ where: { id: transaction.id }, data: { flaggedReason: mismatch } });
      return "mismatch";
    }
    return complete(tx, transaction, charge);
  }
  if (charge.status === "failed") return fail(tx, transaction, "FAILED", charge.message ?? "Payment failed");
  if (charge.status === "abandoned") return fail(tx, transaction, "CANCELLED", charge.message ?? "Payment abandoned");
  return "ignored";
}

/** A success for a different amount or currency is never completed: it is flagged for a human. */
function describeMismatch(t: Transaction, charge: ChargeDetails): string | null {
  if (charge.reference !== t.reference) return `Reference mismatch: processor reported ${charge.reference}`;
  if (charge.currency.toUpperCase() !== t.currency) return `Currency mismatch: expected ${t.currency}, processor reported ${charge.currency}`;
  if (charge.amount !== t.amount) return `Amount mismatch: expected ${t.amount} kobo, processor reported ${charge.amount} kobo`;
  return null;
}

async function complete(tx: Tx, t: Transaction, charge: ChargeDetails): Promise<SettleOutcome> {
  const completedAt = charge.paidAt ?? new Date();
  const won = await tx.transaction.updateMany({
    where: { id: t.id, status: { in: sourcesOf("COMPLETED") } },
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
  if (t.paymentLinkId) await countLinkPayment(tx, t.paymentLinkId);
  if (t.invoiceId) await markInvoicePaid(tx, t, completedAt);
  return "completed";
}

async function fail(tx: Tx, t: Transaction, status: "FAILED" | "CANCELLED", reason: string): Promise<SettleOutcome> {
  const moved = await tx.transaction.updateMany({
    where: { id: t.id, status: { in: sourcesOf(status) } },
    data: { status, failureReason: reason.slice(0, 500) },
  });
  if (moved.count === 0) return "already_settled";
  if (status === "FAILED") {
    const failed = { ...t, status, failureReason: reason };
    await recordEvent(tx, { merchantId: t.merchantId, environment: t.environment, type: "transaction.failed", data: toTransactionResponse(failed) });
  }
  return status === "FAILED" ? "failed" : "cancelled";
}

/** A single-use link closes after its payment; a capped link closes when the cap is reached. */
async function countLinkPayment(tx: Tx, paymentLinkId: string): Promise<void> {
  const link = await tx.paymentLink.update({
    where: { id: paymentLinkId },
    data: { completedPayments: { increment: 1 } },
    select: { isReusable: true, maxPayments: true, completedPayments: true },
  });
  const full = link.maxPayments !== null && link.completedPayments >= link.maxPayments;
  if (!link.isReusable || full) await tx.paymentLink.update({ where: { id: paymentLinkId }, data: { isActive: false } });
}

async function markInvoicePaid(tx: Tx, t: Transaction, paidAt: Date): Promise<void> {
  const paid = await tx.invoice.updateMany({
    where: { id: t.invoiceId!, status: { in: ["DRAFT", "SENT", "OVERDUE"] } },
    data: { status: "PAID", paidAt },
  });
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: t.invoiceId! } });
  if (paid.count === 0) {
    // The money is in, but the invoice was voided meanwhile: keep the payment, flag it for a human.
    if (invoice.status === "VOID") await tx.transaction.update({ where: { id: t.id }, data: { flaggedReason: "Paid after the invoice was voided: refund it or reissue the invoice" } });
    return;
  }
  await recordEvent(tx, {
    merchantId: t.merchantId,
    environment: t.environment,
    type: "invoice.paid",
    data: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, amount: invoice.amount, currency: invoice.currency, status: invoice.status, customerEmail: invoice.customerEmail, paidAt, transactionId: t.id, reference: t.reference },
  });
}
