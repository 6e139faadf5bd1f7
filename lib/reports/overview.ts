// The dashboard overview: every figure is aggregated in PostgreSQL (one GROUP BY per question),
// scoped by merchant AND environment, so a merchant with 100,000 transactions costs a few index
// scans rather than 100,000 rows shipped to JavaScript. Buckets are calendar days/weeks/months
// in Lagos time (UTC+1, no daylight saving).
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { InvoiceStatus } from "@/lib/db/generated/enums";
import { z } from "@/lib/zod";
import { fromLagosWallTime, lagosCalendarDay, lagosWallTime } from "@/lib/lagos-time";
import type { MerchantScope } from "@/lib/auth/access";
import { subscriptionMetrics } from "@/lib/subscriptions/metrics";

export const OVERVIEW_INTERVALS = ["day", "week", "month"] as const;
export type OverviewInterval = (typeof OVERVIEW_INTERVALS)[number];
export const overviewQuery = z.object({
  interval: z.enum(OVERVIEW_INTERVALS, { error: "interval must be day, week or month" }).default("day"),
});

/** How many buckets each interval shows: 30 days, 12 weeks, 12 months. */
const BUCKETS: Record<OverviewInterval, number> = { day: 30, week: 12, month: 12 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Paid at some point (counted as a successful payment); the money figures subtract what was refunded. */
const PAID = Prisma.sql`'COMPLETED'::"TransactionStatus", 'REFUNDED'::"TransactionStatus"`;
/** Finished without money: declined, cancelled, or expired unpaid. */
const UNSUCCESSFUL = Prisma.sql`'FAILED'::"TransactionStatus", 'CANCELLED'::"TransactionStatus", 'ABANDONED'::"TransactionStatus"`;

export type SeriesPoint = { bucket: string; volume: number; count: number };
export type Overview = Awaited<ReturnType<typeof getOverview>>;

/** Lagos-local start of each bucket, oldest first, as YYYY-MM-DD, plus the UTC instant of the first. */
export function bucketStarts(interval: OverviewInterval, now = new Date()): { keys: string[]; from: Date } {
  const lagos = lagosWallTime(now);
  const y = lagos.getUTCFullYear();
  const m = lagos.getUTCMonth();
  const d = lagos.getUTCDate();
  const count = BUCKETS[interval];
  const starts: Date[] = [];
  for (let i = count - 1; i >= 0; i--) {
    if (interval === "day") starts.push(new Date(Date.UTC(y, m, d - i)));
    else if (interval === "week")
      starts.push(new Date(Date.UTC(y, m, d - ((lagos.getUTCDay() + 6) % 7) - 7 * i))); // weeks start on Monday
    else starts.push(new Date(Date.UTC(y, m - i, 1)));
  }
  return { keys: starts.map((s) => s.toISOString().slice(0, 10)), from: fromLagosWallTime(starts[0]!) };
}

export async function getOverview(scope: MerchantScope, interval: OverviewInterval, now = new Date()) {
  const { keys, from } = bucketStarts(interval, now);
  const [series, links, recent, invoices, subscriptions] = await Promise.all([
    seriesFor(scope, interval, from),
    topLinks(scope, from),
    recentTransactions(scope),
    invoiceSummary(scope, now),
    subscriptionMetrics(scope),
  ]);

  const byBucket = new Map(series.map((row) => [row.bucket, row]));
  const points: SeriesPoint[] = keys.map((bucket) => ({ bucket, volume: Number(byBucket.get(bucket)?.volume ?? 0n), count: byBucket.get(bucket)?.paid ?? 0 }));
  // At most 30 rows: summing them here is cheaper than another scan.
  const paid = series.reduce((n, r) => n + r.paid, 0);
  const unsuccessful = series.reduce((n, r) => n + r.unsuccessful, 0);
  const volume = series.reduce((n, r) => n + r.volume, 0n);
  return {
    interval,
    from,
    series: points,
    totals: {
      volume: Number(volume),
      count: paid,
      /** Paid ÷ (paid + failed + cancelled + abandoned); still-pending payments are not counted yet. Null with no finished attempts. */
      successRate: paid + unsuccessful > 0 ? paid / (paid + unsuccessful) : null,
      averageTicket: paid > 0 ? Number(volume / BigInt(paid)) : null,
    },
    topLinks: links,
    recentTransactions: recent,
    invoices,
    /** Now, not over the interval: MRR in kobo (active and past_due subscriptions), and counts by status. */
    subscriptions: { ...subscriptions, monthlyRecurringRevenue: Number(subscriptions.monthlyRecurringRevenue) },
  };
}

// createdAt is UTC; Lagos is a fixed UTC+1, and adding an hour costs far less per row than AT TIME ZONE.
async function seriesFor({ merchantId, environment }: MerchantScope, interval: OverviewInterval, from: Date) {
  return db.$queryRaw<{ bucket: string; paid: number; unsuccessful: number; volume: bigint }[]>`
    SELECT to_char(date_trunc(${interval}, "createdAt" + interval '1 hour'), 'YYYY-MM-DD') AS bucket,
           (count(*) FILTER (WHERE status IN (${PAID})))::int AS paid,
           (count(*) FILTER (WHERE status IN (${UNSUCCESSFUL})))::int AS unsuccessful,
           (coalesce(sum(amount - "refundedAmount") FILTER (WHERE status IN (${PAID})), 0))::bigint AS volume
    FROM "Transaction"
    WHERE "merchantId" = ${merchantId}::uuid AND environment = ${environment}::"Environment" AND "createdAt" >= ${from}
    GROUP BY 1`;
}

async function topLinks({ merchantId, environment }: MerchantScope, from: Date) {
  const rows = await db.$queryRaw<{ id: string; count: number; volume: bigint }[]>`
    SELECT "paymentLinkId" AS id, count(*)::int AS count, sum(amount - "refundedAmount")::bigint AS volume
    FROM "Transaction"
    WHERE "merchantId" = ${merchantId}::uuid AND environment = ${environment}::"Environment" AND "createdAt" >= ${from}
      AND status IN (${PAID}) AND "paymentLinkId" IS NOT NULL
    GROUP BY 1 ORDER BY volume DESC, id LIMIT 5`;
  if (rows.length === 0) return [];
  const links = await db.paymentLink.findMany({ where: { id: { in: rows.map((r) => r.id) }, merchantId }, select: { id: true, title: true, slug: true } });
  const byId = new Map(links.map((l) => [l.id, l]));
  return rows.flatMap((r) => {
    const link = byId.get(r.id);
    return link ? [{ ...link, count: r.count, volume: Number(r.volume) }] : [];
  });
}

async function recentTransactions({ merchantId, environment }: MerchantScope) {
  const rows = await db.transaction.findMany({
    where: { merchantId, environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 6,
    select: { id: true, reference: true, amount: true, refundedAmount: true, status: true, customerEmail: true, customerName: true, createdAt: true },
  });
  return rows.map((r) => ({ ...r, amount: Number(r.amount), refundedAmount: Number(r.refundedAmount) }));
}

/**
 * Outstanding = sent and not yet paid in full (SENT, PARTIALLY_PAID or OVERDUE), counted by what is
 * still due; overdue = OVERDUE, or SENT / PARTIALLY_PAID past its due day.
 */
async function invoiceSummary({ merchantId, environment }: MerchantScope, now: Date) {
  const today = lagosCalendarDay(now);
  const open: InvoiceStatus[] = ["SENT", "PARTIALLY_PAID", "OVERDUE"];
  // The daily job marks invoices OVERDUE; until it runs, an open invoice past its due day is overdue too.
  const overdueWhere = { OR: [{ status: "OVERDUE" as const }, { status: { in: ["SENT", "PARTIALLY_PAID"] as InvoiceStatus[] }, dueDate: { lt: today } }] };
  const [outstanding, overdue, oldestOverdue] = await Promise.all([
    db.invoice.aggregate({ where: { merchantId, environment, status: { in: open } }, _count: true, _sum: { amount: true, amountPaid: true } }),
    db.invoice.aggregate({ where: { merchantId, environment, ...overdueWhere }, _count: true, _sum: { amount: true, amountPaid: true } }),
    db.invoice.findMany({
      where: { merchantId, environment, ...overdueWhere },
      orderBy: [{ dueDate: "asc" }, { id: "asc" }],
      take: 5,
      select: { id: true, invoiceNumber: true, customerEmail: true, customerName: true, amount: true, amountPaid: true, dueDate: true },
    }),
  ]);
  const due = (sum: { amount: bigint | null; amountPaid: bigint | null }) => Number((sum.amount ?? 0n) - (sum.amountPaid ?? 0n));
  return {
    outstanding: { count: outstanding._count, amount: due(outstanding._sum) },
    overdue: { count: overdue._count, amount: due(overdue._sum) },
    overdueList: oldestOverdue.map(({ amountPaid, ...i }) => ({
      ...i,
      // What is still owed on it.
      amount: Number(i.amount - amountPaid),
      daysOverdue: i.dueDate ? Math.max(1, Math.round((today.getTime() - i.dueDate.getTime()) / DAY_MS)) : 0,
    })),
  };
}
