// Payouts as the merchant sees them, always within one merchant and one mode.
import { findOr404 } from "@/lib/api/find";
import { db } from "@/lib/db/client";
import type { MerchantScope } from "@/lib/auth/access";
import { afterCursor, newestFirst, toPage } from "@/lib/api/pagination";
import { toTransactionResponse } from "@/lib/payments/serializers";
import { toPayoutResponse } from "./serializers";
import type { PayoutListQuery } from "./schemas";

export async function listPayouts({ merchantId, environment }: MerchantScope, query: PayoutListQuery) {
  const rows = await db.payout.findMany({
    where: { merchantId, environment, ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, toPayoutResponse);
}

export async function getPayout({ merchantId, environment }: MerchantScope, payoutId: string) {
  const payout = await findOr404(payoutId, "Payout not found", (id) =>
    db.payout.findFirst({ where: { id, merchantId, environment }, include: { transactions: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 500 } } }),
  );
  const { transactions, ...rest } = payout;
  return { payout: toPayoutResponse(rest), transactions: transactions.map(toTransactionResponse) };
}

/**
 * For the overview: what the next payout should bring (paid payments not yet settled, less fees
 * and refunds) and what has been paid out so far.
 */
export async function payoutSummary({ merchantId, environment }: MerchantScope) {
  const [next] = await db.$queryRaw<{ amount: bigint | null; count: bigint }[]>`
    SELECT SUM(amount - "refundedAmount" - fee - "platformFee")::bigint AS amount, COUNT(*) AS count
    FROM "Transaction"
    WHERE "merchantId" = ${merchantId}::uuid AND environment = ${environment}::"Environment"
      AND status IN ('COMPLETED', 'REFUNDED') AND "payoutId" IS NULL`;
  const paid = await db.payout.aggregate({ where: { merchantId, environment, status: "paid" }, _sum: { amount: true }, _max: { settledAt: true } });
  return {
    nextPayout: { amount: next?.amount ?? 0n, transactions: Number(next?.count ?? 0n) },
    paidOut: { amount: paid._sum.amount ?? 0n, lastPaidAt: paid._max.settledAt },
  };
}
