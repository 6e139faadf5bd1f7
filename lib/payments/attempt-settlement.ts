// Settling a charge through the attempt that sent it, so a payment is never taken twice (issue 25).
// The open attempt's charge settles its transaction as always. A superseded attempt's charge that was
// paid after all either stands (nothing else was paid: it becomes the transaction's attempt) or is a
// second payment: kept as its own transaction, flagged, and refunded by the automatic refunds.
import type { Tx } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import { catalogEntry } from "@/lib/processors/catalog";
import type { ChargeDetails } from "@/lib/processors/types";
import { chargeReferenceOf, roundOf, type ChargeAttempt } from "./attempts";
import { settleTransaction, type SettleOutcome } from "./settle";
import { sourcesOf } from "./state";

export async function settleAttemptCharge(tx: Tx, transaction: Transaction, attempt: ChargeAttempt | null, charge: ChargeDetails): Promise<SettleOutcome> {
  if (attempt?.outcome === "superseded") return settleSupersededCharge(tx, transaction, attempt, charge);
  const outcome = await settleTransaction(tx, transaction, charge);
  // Paid, but the transaction was completed meanwhile by a superseded attempt that was paid first
  // (which superseded this one): this money is a second payment.
  if (outcome === "already_settled" && charge.status === "success" && attempt) {
    const now = await tx.paymentAttempt.findUnique({ where: { id: attempt.id }, select: { outcome: true } });
    if (now?.outcome === "superseded") return settleSupersededCharge(tx, transaction, { ...attempt, outcome: "superseded" }, charge);
  }
  return outcome;
}

async function settleSupersededCharge(tx: Tx, transaction: Transaction, attempt: ChargeAttempt, charge: ChargeDetails): Promise<SettleOutcome> {
  // Only money matters here: a replaced checkout that failed or was abandoned changes nothing.
  if (charge.status !== "success") return "ignored";
  // Serialised with every other settlement of this transaction (theirs take the same row lock).
  await tx.$executeRaw`SELECT 1 FROM "Transaction" WHERE id = ${transaction.id}::uuid FOR UPDATE`;
  const fresh = await tx.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
  if (sourcesOf("COMPLETED").includes(fresh.status)) {
    // Nothing else was paid: this payment stands, and the open checkout (if any) is the replaced one now.
    await tx.paymentAttempt.updateMany({ where: { transactionId: fresh.id, outcome: "started" }, data: { outcome: "superseded" } });
    await tx.paymentAttempt.update({ where: { id: attempt.id }, data: { outcome: "started" } });
    const paidThrough = {
      processor: attempt.processor,
      subaccountCode: attempt.subaccountCode,
      chargeReference: attempt.reference === fresh.reference ? null : attempt.reference,
    };
    await tx.transaction.update({ where: { id: fresh.id }, data: paidThrough });
    return settleTransaction(tx, { ...fresh, ...paidThrough }, charge);
  }
  if (chargeReferenceOf(fresh) === attempt.reference) return "already_settled";
  return recordSecondPayment(tx, fresh, attempt, charge);
}

/**
 * The same payment paid twice: the second charge becomes its own transaction `{reference}-r{round}`
 * (the processor's reference for it is its attempt's), completed as a surplus, so the automatic
 * refunds give it back and the owner is told. Once per charge: its reference is unique.
 */
async function recordSecondPayment(tx: Tx, original: Transaction, attempt: ChargeAttempt, charge: ChargeDetails): Promise<SettleOutcome> {
  const reference = `${original.reference}-r${roundOf(original.reference, attempt.reference)}`;
  if (await tx.transaction.findUnique({ where: { reference }, select: { id: true } })) return "already_settled";
  const second = await tx.transaction.create({
    data: {
      merchantId: original.merchantId,
      environment: original.environment,
      reference,
      baseReference: original.baseReference,
      chargeReference: attempt.reference,
      amount: original.amount,
      platformFee: original.platformFee,
      currency: original.currency,
      channel: original.channel,
      customerEmail: original.customerEmail,
      customerName: original.customerName,
      description: original.description,
      metadata: original.metadata ?? undefined,
      processor: attempt.processor,
      subaccountCode: attempt.subaccountCode,
      paymentLinkId: original.paymentLinkId,
      invoiceId: original.invoiceId,
    },
  });
  const why = `Paid twice: a replaced ${catalogEntry(attempt.processor).displayName} checkout was paid after payment ${original.reference} completed; refunded automatically`;
  const outcome = await settleTransaction(tx, second, charge, why);
  return outcome === "completed" ? "paid_twice" : outcome;
}
