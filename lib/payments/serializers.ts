import { netAmount } from "@/lib/payouts/fees";
import type { Transaction } from "@/lib/db/generated/client";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { TransactionSchema } from "@/lib/api/openapi/resources";

/** The contract's Transaction, plus the fields an integrator needs to reconcile. */
export function toTransactionResponse(t: Transaction) {
  return {
    id: t.id,
    reference: t.reference,
    amount: t.amount,
    /** The processor's fee. */
    fee: t.fee,
    platformFee: t.platformFee,
    /** What the merchant keeps: amount less both fees and refunds. */
    netAmount: netAmount(t),
    currency: t.currency,
    status: t.status,
    paymentMethod: t.paymentMethod,
    channel: t.channel,
    customerEmail: t.customerEmail,
    customerName: t.customerName,
    /** Who sent a bank transfer and from which bank, when the processor says; null otherwise. */
    senderName: t.senderName,
    senderBank: t.senderBank,
    description: t.description,
    /** Always an object: the only metadata written is a validated record (lib/payments/schemas.ts) or our own. */
    metadata: t.metadata as Record<string, unknown> | null,
    environment: t.environment,
    refundedAmount: t.refundedAmount,
    paymentLinkId: t.paymentLinkId,
    invoiceId: t.invoiceId,
    payoutId: t.payoutId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    completedAt: t.completedAt,
  } satisfies ResponseOf<typeof TransactionSchema>;
}
export type TransactionResponse = ReturnType<typeof toTransactionResponse>;
