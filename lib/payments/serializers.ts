import { netAmount } from "@/lib/payouts/fees";
import type { Transaction } from "@/lib/db/generated/client";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { TransactionSchema } from "@/lib/api/openapi/resources";

/** The contract's Transaction, plus the fields an integrator needs to reconcile. */
export function toTransactionResponse(t: Transaction) {
  return {
    ...columns(t, ["id", "reference", "amount", "fee", "platformFee"]),
    /** What the merchant keeps: amount less both fees and refunds. */
    netAmount: netAmount(t),
    ...columns(t, ["currency", "status", "paymentMethod", "channel", "customerEmail", "customerName", "senderName", "senderBank", "description"]),
    /** Always an object: the only metadata written is a validated record (lib/payments/schemas.ts) or our own. */
    metadata: t.metadata as Record<string, unknown> | null,
    ...columns(t, ["environment", "refundedAmount", "paymentLinkId", "invoiceId", "payoutId", "createdAt", "updatedAt", "completedAt"]),
  } satisfies ResponseOf<typeof TransactionSchema>;
}
export type TransactionResponse = ReturnType<typeof toTransactionResponse>;
