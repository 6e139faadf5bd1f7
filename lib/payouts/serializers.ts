import type { Payout } from "@/lib/db/generated/client";
import type { SettlementStatus } from "@/lib/processors/types";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { PayoutSchema } from "@/lib/api/openapi/resources";

export function toPayoutResponse(p: Payout) {
  return {
    id: p.id,
    environment: p.environment,
    processor: p.processor,
    /** What sync.ts wrote: the processor's settlement status. */
    status: p.status as SettlementStatus,
    amount: p.amount,
    fees: p.fees,
    grossAmount: p.grossAmount,
    currency: p.currency,
    settledAt: p.settledAt,
    bankName: p.bankName,
    accountNumberLast4: p.accountNumberLast4,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  } satisfies ResponseOf<typeof PayoutSchema>;
}
