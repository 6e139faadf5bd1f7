// Payouts as the merchant sees them, always within one merchant and one mode.
import { findOr404 } from "@/lib/api/find";
import { db } from "@/lib/db/client";
import type { MerchantScope } from "@/lib/auth/access";
import type { ProcessorName } from "@/lib/processors/catalog";
import { afterCursor, newestFirst, toPage } from "@/lib/api/pagination";
import { toTransactionResponse } from "@/lib/payments/serializers";
import { toPayoutResponse } from "./serializers";
import type { PayoutListQuery } from "./schemas";
import { settlementDay } from "./schedule";

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

type Figure = { amount: bigint; transactions: number };
export type PayoutSummary = {
  /** The processor's next settlement: the unpaid split payments due on the earliest day, and that Lagos day. */
  nextPayout: Figure & { expectedOn: string | null };
  /** Unpaid split payments due in settlements after that one. */
  laterPayouts: Figure;
  /** Payments no payout will include: they carried no subaccount, so the processor paid them to the platform. */
  notPaidOut: Figure;
  paidOut: { amount: bigint; lastPaidAt: Date | null };
};

/**
 * For the overview and Payouts: what the coming payouts should bring (paid payments not yet in a
 * payout, less fees and refunds, by the day the processor's schedule settles them), what no payout
 * will bring, and what has been paid out so far. Unpaid payments are few days' worth: grouped by
 * processor, Lagos day (Lagos is a fixed UTC+1) and split in the database, dated here.
 */
export async function payoutSummary({ merchantId, environment }: MerchantScope): Promise<PayoutSummary> {
  const groups = await db.$queryRaw<{ processor: ProcessorName; day: string; split: boolean; amount: bigint; count: number }[]>`
    SELECT processor, to_char(COALESCE("completedAt", "createdAt") + interval '1 hour', 'YYYY-MM-DD') AS day,
      "subaccountCode" IS NOT NULL AS split,
      SUM(amount - "refundedAmount" - fee - "platformFee")::bigint AS amount, COUNT(*)::int AS count
    FROM "Transaction"
    WHERE "merchantId" = ${merchantId}::uuid AND environment = ${environment}::"Environment"
      AND status IN ('COMPLETED', 'REFUNDED') AND "payoutId" IS NULL
    GROUP BY 1, 2, 3`;
  const notPaidOut: Figure = { amount: 0n, transactions: 0 };
  const byDay = new Map<string, Figure>();
  for (const group of groups) {
    let figure = notPaidOut;
    if (group.split) {
      const day = settlementDay(group.processor, group.day);
      figure = byDay.get(day) ?? { amount: 0n, transactions: 0 };
      byDay.set(day, figure);
    }
    figure.amount += group.amount;
    figure.transactions += group.count;
  }
  const [first, ...later] = [...byDay].sort(([a], [b]) => a.localeCompare(b));
  const paid = await db.payout.aggregate({ where: { merchantId, environment, status: "paid" }, _sum: { amount: true }, _max: { settledAt: true } });
  return {
    nextPayout: first ? { ...first[1], expectedOn: first[0] } : { amount: 0n, transactions: 0, expectedOn: null },
    laterPayouts: later.reduce((sum, [, f]) => ({ amount: sum.amount + f.amount, transactions: sum.transactions + f.transactions }), {
      amount: 0n,
      transactions: 0,
    }),
    notPaidOut,
    paidOut: { amount: paid._sum.amount ?? 0n, lastPaidAt: paid._max.settledAt },
  };
}

/** The paid payments no payout will include (newest first, at most `limit`), for the Payouts page. */
export async function paymentsNotPaidOut({ merchantId, environment }: MerchantScope, limit: number) {
  const rows = await db.transaction.findMany({
    where: { merchantId, environment, status: { in: ["COMPLETED", "REFUNDED"] }, payoutId: null, subaccountCode: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map(toTransactionResponse);
}
