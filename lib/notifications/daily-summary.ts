// The daily summary (scheduled in lib/jobs/boss.ts at 08:00 Lagos): for every business that had
// payments yesterday, one e-mail job per member who turned "Daily summary" on. A quiet day sends nothing.
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { queueEmail } from "@/lib/email/queue";
import { lagosYesterday } from "@/lib/lagos-time";

/** A payment completes within a day of being started (then it is cancelled): bounds the index scan. */
const STARTED_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;

type Totals = Record<Environment, { count: number; total: bigint }>;

/** Payments completed (refunded later or not) in [from, to), per mode. */
export async function paymentsOn(merchantId: string, { from, to }: { from: Date; to: Date }): Promise<Totals> {
  const rows = await db.transaction.groupBy({
    by: ["environment"],
    where: {
      merchantId,
      status: { in: ["COMPLETED", "REFUNDED"] },
      createdAt: { gte: new Date(from.getTime() - STARTED_BEFORE_MS), lt: to },
      completedAt: { gte: from, lt: to },
    },
    _count: { _all: true },
    _sum: { amount: true },
  });
  const totals: Totals = { live: { count: 0, total: 0n }, test: { count: 0, total: 0n } };
  for (const row of rows) totals[row.environment] = { count: row._count._all, total: row._sum.amount ?? 0n };
  return totals;
}

/** Queues yesterday's summaries; returns how many. Safe to run late (it always means the Lagos day before `now`). */
export async function queueDailySummaries(now = new Date()): Promise<number> {
  const { day, from, to } = lagosYesterday(now);
  const recipients = await db.$queryRaw<{ merchantId: string; userId: string }[]>`
    SELECT m."merchantId"::text AS "merchantId", m."userId"::text AS "userId"
    FROM "Membership" m JOIN "User" u ON u.id = m."userId"
    WHERE m."dailySummary" AND u."isEmailVerified"
      AND EXISTS (
        SELECT 1 FROM "Transaction" t
        WHERE t."merchantId" = m."merchantId" AND t.status IN ('COMPLETED', 'REFUNDED')
          AND t."createdAt" >= ${new Date(from.getTime() - STARTED_BEFORE_MS)} AND t."createdAt" < ${to}
          AND t."completedAt" >= ${from} AND t."completedAt" < ${to})`;
  // Nothing changes with them, so each is recorded on its own; a repeated run may send one twice.
  for (const { merchantId, userId } of recipients) await queueEmail(db, { kind: "daily-summary", merchantId, userId, day });
  return recipients.length;
}
