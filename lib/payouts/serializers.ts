import type { Payout } from "@/lib/db/generated/client";
import type { SettlementStatus } from "@/lib/processors/types";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { PayoutSchema } from "@/lib/api/openapi/resources";

export function toPayoutResponse(p: Payout) {
  return {
    ...columns(p, ["id", "environment", "processor"]),
    /** What sync.ts wrote: the processor's settlement status. */
    status: p.status as SettlementStatus,
    ...columns(p, ["amount", "fees", "grossAmount", "currency", "settledAt", "bankName", "accountNumberLast4", "createdAt", "updatedAt"]),
  } satisfies ResponseOf<typeof PayoutSchema>;
}
