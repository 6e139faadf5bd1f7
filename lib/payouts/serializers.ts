import type { Payout } from "@/lib/db/generated/client";

export function toPayoutResponse(p: Payout) {
  return {
    id: p.id,
    environment: p.environment,
    processor: p.processor,
    status: p.status,
    amount: p.amount,
    fees: p.fees,
    grossAmount: p.grossAmount,
    currency: p.currency,
    settledAt: p.settledAt,
    bankName: p.bankName,
    accountNumberLast4: p.accountNumberLast4,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
