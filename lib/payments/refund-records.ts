// Refund records: one Refund row per refund asked of a processor, created pending in the same
// database transaction that reserves its amount on the transaction (refunds.ts), then moved on
// exactly once, by the processor's answer or by its refund events (webhooks.ts):
//   pending → processed   refund.processed is recorded, the customer's refund e-mail queued
//   pending → failed      the amount is refundable again; refund.failed is recorded
// Each move is a conditional update on status = 'pending', so concurrent deliveries (or a webhook
// racing the processor's own answer) change a refund, and record its event, once.
import type { Tx } from "@/lib/db/client";
import type { Refund, Transaction } from "@/lib/db/generated/client";
import { catalogEntry } from "@/lib/processors/catalog";
import type { ProcessorName, RefundUpdate } from "@/lib/processors/types";
import { recordEvent } from "@/lib/webhooks/outbox";
import { whereChargeReference } from "./attempts";
import { queueEmail } from "@/lib/email/queue";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { RefundSchema } from "@/lib/api/openapi/resources";

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund as the API and the refund.* events show it. */
export function toRefundResponse(r: Refund, reference: string) {
  return {
    id: r.id,
    transactionId: r.transactionId,
    reference,
    amount: r.amount,
    status: r.status as RefundStatus,
    reason: r.reason,
    failureReason: r.failureReason,
    processorRefundId: r.processorRefundId,
    createdAt: r.createdAt,
    processedAt: r.processedAt,
  } satisfies ResponseOf<typeof RefundSchema>;
}

/**
 * pending → processed, once; records refund.processed and queues the customer's refund e-mail
 * (they are told once the money is really on its way back: a pending refund may still fail).
 * False when it was no longer pending.
 */
export async function markRefundProcessed(tx: Tx, refund: Refund, reference: string, processorRefundId?: string | null): Promise<boolean> {
  const processedAt = new Date();
  const moved = await tx.refund.updateMany({
    where: { id: refund.id, status: "pending" },
    data: { status: "processed", processedAt, ...(processorRefundId && !refund.processorRefundId ? { processorRefundId } : {}) },
  });
  if (moved.count === 0) return false;
  const updated = await tx.refund.findUniqueOrThrow({ where: { id: refund.id } });
  await recordEvent(tx, {
    merchantId: refund.merchantId,
    environment: refund.environment,
    type: "refund.processed",
    data: toRefundResponse(updated, reference),
  });
  await queueEmail(tx, { kind: "refund", transactionId: refund.transactionId, amount: String(refund.amount) });
  return true;
}

/**
 * pending → failed, once: the reserved amount goes back on the transaction (COMPLETED again when
 * nothing else stays refunded) and refund.failed is recorded. False when it was no longer pending.
 */
export async function markRefundFailed(tx: Tx, refund: Refund, reference: string, failureReason: string, processorRefundId?: string | null): Promise<boolean> {
  const moved = await tx.refund.updateMany({
    where: { id: refund.id, status: "pending" },
    data: { status: "failed", failureReason: failureReason.slice(0, 500), ...(processorRefundId && !refund.processorRefundId ? { processorRefundId } : {}) },
  });
  if (moved.count === 0) return false;
  // The right-hand sides read the row as it was before this update.
  await tx.$executeRaw`
    UPDATE "Transaction"
    SET "refundedAmount" = GREATEST("refundedAmount" - ${refund.amount}, 0),
        status = CASE WHEN status = 'REFUNDED' AND "refundedAmount" - ${refund.amount} <= 0 THEN 'COMPLETED'::"TransactionStatus" ELSE status END,
        "updatedAt" = now()
    WHERE id = ${refund.transactionId}::uuid`;
  const updated = await tx.refund.findUniqueOrThrow({ where: { id: refund.id } });
  await recordEvent(tx, { merchantId: refund.merchantId, environment: refund.environment, type: "refund.failed", data: toRefundResponse(updated, reference) });
  return true;
}

export type RefundEventOutcome =
  | "refund_processed"
  | "refund_failed"
  | "refund_pending"
  | "refund_not_confirmed"
  | "unknown_refund"
  | "unknown_transaction"
  | "wrong_processor"
  | "wrong_mode"
  | "already_settled";

/**
 * The transaction a processor's refund event is about: the one whose refund carries the event's
 * refund id, else the one its reference names. Null when neither is ours.
 */
export async function refundEventTransaction(tx: Tx, processor: ProcessorName, update: RefundUpdate): Promise<Transaction | null> {
  if (update.processorRefundId) {
    const known = await tx.refund.findFirst({
      where: { processorRefundId: update.processorRefundId, transaction: { processor } },
      include: { transaction: true },
    });
    if (known) return known.transaction;
  }
  // The processor names the charge by the reference it was sent (attempts.ts), not always the transaction's own.
  return update.reference ? tx.transaction.findFirst({ where: whereChargeReference(update.reference) }) : null;
}

/**
 * Applies a processor's refund event inside the webhook's database transaction. The refund is
 * found by the processor's refund id or, for one still pending without it (Paystack's events
 * often carry none), by its transaction and amount, oldest first.
 * `bodyAuthenticated` is false for Flutterwave, whose hash does not cover the body: a failure it
 * reports would make the amount refundable again, so it is recorded and left for a human.
 */
export async function applyRefundEvent(
  tx: Tx,
  input: {
    processor: ProcessorName;
    mode: Transaction["environment"] | null;
    bodyAuthenticated: boolean;
    transaction: Transaction | null;
    update: RefundUpdate;
  },
): Promise<RefundEventOutcome> {
  const { transaction: t, update } = input;
  if (!t) return "unknown_transaction";
  if (t.processor !== input.processor) return "wrong_processor";
  if (input.mode !== null && t.environment !== input.mode) return "wrong_mode";
  if (update.status === "pending") return "refund_pending";
  if (update.status === "failed" && !input.bodyAuthenticated) return "refund_not_confirmed";

  const byId = update.processorRefundId ? await tx.refund.findFirst({ where: { transactionId: t.id, processorRefundId: update.processorRefundId } }) : null;
  const candidates = byId
    ? [byId]
    : await tx.refund.findMany({
        where: {
          transactionId: t.id,
          status: "pending",
          // An id we do not know yet can only be a refund whose own id is not stored yet.
          ...(update.processorRefundId ? { processorRefundId: null } : {}),
          ...(update.amount !== null ? { amount: update.amount } : {}),
        },
        orderBy: { createdAt: "asc" },
      });
  if (candidates.length === 0) return "unknown_refund";
  // Another delivery may move a candidate first (the update then matches nothing): try the next.
  for (const refund of candidates) {
    const moved =
      update.status === "processed"
        ? await markRefundProcessed(tx, refund, t.reference, update.processorRefundId)
        : await markRefundFailed(
            tx,
            refund,
            t.reference,
            update.message ?? `${catalogEntry(input.processor).subject} reported the refund failed`,
            update.processorRefundId,
          );
    if (moved) return update.status === "processed" ? "refund_processed" : "refund_failed";
  }
  return "already_settled";
}
