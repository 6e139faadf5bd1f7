import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { getProcessor, processorFailure } from "@/lib/processors";
import { ProcessorError } from "@/lib/processors/types";
import { recordEvent } from "@/lib/webhooks/outbox";
import { toTransactionResponse } from "./serializers";
import type { Transaction } from "@/lib/db/generated/client";
import { recordAudit, type AuditSource } from "@/lib/team/audit";
import { markRefundFailed, markRefundProcessed, type RefundStatus } from "./refund-records";
import type { Principal } from "@/lib/auth/principal";
import { requireMerchantAccess } from "@/lib/auth/access";
import { chargeReferenceOf } from "./attempts";
import { findTransactionForCaller } from "./verify";

/**
 * POST /api/transactions/:id/refund: the transaction as the caller may see it, then the refund
 * permission. Lacking it is said (403); any other refusal looks like a missing transaction.
 */
export async function refundForCaller(
  principal: Principal,
  idOrReference: string,
  requested: bigint | undefined,
  reason: string | undefined,
  audit: AuditSource,
) {
  const transaction = await findTransactionForCaller(principal, idOrReference);
  await requireMerchantAccess(principal, transaction.merchantId, "payments:refund").catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 403 ? error : ApiError.missing("Transaction not found");
  });
  return refundTransaction(transaction, requested, reason, audit);
}

/**
 * Refunds all or part of a completed transaction through its processor. The amount is reserved
 * first with a conditional update, so concurrent refunds can never add up to more than was paid,
 * together with a pending Refund row (who asked: a user, a secret key, or no one for automatic
 * refunds). The processor's answer then stores its refund id and, when it is processed at once
 * (the sandbox, Flutterwave), processes it; a refusal marks it failed and releases the amount.
 * Later news comes with the processor's refund events (refund-records.ts).
 */
export async function refundTransaction(transaction: Transaction, requested: bigint | undefined, reason: string | undefined, audit?: AuditSource) {
  if (transaction.status !== "COMPLETED" && transaction.status !== "REFUNDED") {
    throw ApiError.badRequest("Only completed transactions can be refunded", { code: "transaction_not_completed" });
  }
  const remaining = transaction.amount - transaction.refundedAmount;
  const amount = requested ?? remaining;
  if (remaining <= 0n) throw await nothingLeft(transaction.id);
  if (amount > remaining) {
    throw ApiError.validation([{ field: "amount", message: `Refund amount must be at most ${remaining} kobo` }], { code: "amount_exceeds_refundable" });
  }

  // The reservation and the refund's record commit together: a refund is never reserved without its row.
  const pending = await db.$transaction(async (tx) => {
    const reserved = await tx.$executeRaw`
      UPDATE "Transaction" SET "refundedAmount" = "refundedAmount" + ${amount}, "updatedAt" = now()
      WHERE id = ${transaction.id}::uuid AND status IN ('COMPLETED', 'REFUNDED') AND "refundedAmount" + ${amount} <= amount`;
    if (reserved === 0) throw ApiError.conflict("Another refund changed this transaction; reload and try again", { code: "refund_conflict" });
    const actor = audit?.actor ?? null;
    return tx.refund.create({
      data: {
        transactionId: transaction.id,
        merchantId: transaction.merchantId,
        environment: transaction.environment,
        amount,
        status: "pending",
        reason: reason ?? null,
        // Automatic refunds (auto-refunds.ts) have no one asking.
        requestedByUserId: actor?.kind === "user" ? actor.userId : null,
        requestedByApiKey: actor?.kind === "apiKey" ? actor.apiKeyId : null,
      },
    });
  });

  let answer;
  try {
    answer = await getProcessor(transaction.processor, transaction.environment).refund({
      reference: chargeReferenceOf(transaction),
      processorTransactionId: transaction.processorReference,
      amount,
    });
  } catch (error) {
    // Refused (or unreachable): the refund failed and its amount is released, as one change.
    const why = error instanceof ProcessorError ? error.message : "The refund could not be sent to the processor";
    await db.$transaction((tx) => markRefundFailed(tx, pending, transaction.reference, why));
    if (error instanceof ProcessorError) throw processorFailure(error);
    throw error;
  }

  return db.$transaction(async (tx) => {
    // A refund event may have arrived before this answer and moved the refund already: then only its id is added.
    await tx.refund.updateMany({ where: { id: pending.id, processorRefundId: null }, data: { processorRefundId: answer.refundId } });
    if (answer.status === "processed") await markRefundProcessed(tx, pending, transaction.reference, answer.refundId);
    const refund = await tx.refund.findUniqueOrThrow({ where: { id: pending.id } });
    // REFUNDED while any amount stays refunded (a failure reported meanwhile may have given it all back).
    await tx.$executeRaw`
      UPDATE "Transaction" SET status = 'REFUNDED', "updatedAt" = now()
      WHERE id = ${transaction.id}::uuid AND status IN ('COMPLETED', 'REFUNDED') AND "refundedAmount" > 0`;
    const updated = await tx.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
    await recordEvent(tx, {
      merchantId: updated.merchantId,
      environment: updated.environment,
      type: "transaction.refunded",
      data: {
        ...toTransactionResponse(updated),
        refund: { id: refund.id, amount, status: refund.status, reason: reason ?? null, processorRefundId: refund.processorRefundId },
      },
    });
    if (audit) {
      await recordAudit(tx, {
        ...audit,
        merchantId: updated.merchantId,
        action: "refund.issued",
        targetType: "transaction",
        targetId: updated.id,
        metadata: { reference: updated.reference, amount, refundId: refund.id, processorRefundId: refund.processorRefundId, reason: reason ?? null },
      });
    }
    // refund.id is our Refund's id (the one refund.processed / refund.failed carry); the processor's is on the record.
    return { transaction: updated, refund: { id: refund.id, amount, status: refund.status as RefundStatus } };
  });
}

/** Nothing left to refund: all refunded, or the rest still held by refunds the processor has not finished. */
async function nothingLeft(transactionId: string): Promise<ApiError> {
  const pending = await db.refund.count({ where: { transactionId, status: "pending" } });
  return pending > 0
    ? ApiError.badRequest("A refund of this transaction is still pending; what is left is held by it", { code: "refund_pending" })
    : ApiError.badRequest("This transaction has been fully refunded", { code: "transaction_fully_refunded" });
}
