import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { getProcessor } from "@/lib/processors";
import { ProcessorError, type ProcessorName } from "@/lib/processors/types";
import { recordEvent } from "@/lib/webhooks/outbox";
import { toTransactionResponse } from "./serializers";
import { PROCESSOR_ERROR_PREFIX } from "./initiate";
import type { Transaction } from "@/lib/db/generated/client";
import { recordAudit, type AuditSource } from "@/lib/team/audit";

/**
 * Refunds all or part of a completed transaction through its processor. The amount is reserved
 * first with a conditional update, so concurrent refunds can never add up to more than was paid;
 * if the processor refuses, the reservation is released.
 */
export async function refundTransaction(transaction: Transaction, requested: bigint | undefined, reason: string | undefined, audit?: AuditSource) {
  if (transaction.status !== "COMPLETED" && transaction.status !== "REFUNDED") {
    throw ApiError.badRequest("Only completed transactions can be refunded");
  }
  const remaining = transaction.amount - transaction.refundedAmount;
  const amount = requested ?? remaining;
  if (amount <= 0n) throw ApiError.badRequest("This transaction has been fully refunded");
  if (amount > remaining) throw ApiError.validation([{ field: "amount", message: `Refund amount must be at most ${remaining} kobo` }]);

  const reserved = await db.$executeRaw`
    UPDATE "Transaction" SET "refundedAmount" = "refundedAmount" + ${amount}, "updatedAt" = now()
    WHERE id = ${transaction.id}::uuid AND status IN ('COMPLETED', 'REFUNDED') AND "refundedAmount" + ${amount} <= amount`;
  if (reserved === 0) throw ApiError.conflict("Another refund changed this transaction; reload and try again");

  let refund;
  try {
    refund = await getProcessor(transaction.processor as ProcessorName).refund({
      reference: transaction.reference,
      processorTransactionId: transaction.processorReference,
      amount,
    });
  } catch (error) {
    await db.$executeRaw`UPDATE "Transaction" SET "refundedAmount" = "refundedAmount" - ${amount} WHERE id = ${transaction.id}::uuid`;
    if (error instanceof ProcessorError) throw new ApiError(502, `${PROCESSOR_ERROR_PREFIX} ${error.message}`);
    throw error;
  }

  return db.$transaction(async (tx) => {
    const updated = await tx.transaction.update({ where: { id: transaction.id }, data: { status: "REFUNDED" } });
    await recordEvent(tx, {
      merchantId: updated.merchantId,
      environment: updated.environment,
      type: "transaction.refunded",
      data: { ...toTransactionResponse(updated), refund: { id: refund.refundId, amount, status: refund.status, reason: reason ?? null } },
    });
    if (audit) {
      await recordAudit(tx, {
        ...audit,
        merchantId: updated.merchantId,
        action: "refund.issued",
        targetType: "transaction",
        targetId: updated.id,
        metadata: { reference: updated.reference, amount, refundId: refund.refundId, reason: reason ?? null },
      });
    }
    return { transaction: updated, refund: { id: refund.refundId, amount, status: refund.status } };
  });
}
