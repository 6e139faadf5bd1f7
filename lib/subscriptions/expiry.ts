// Card expiry warnings: a daily job e-mails each subscriber whose saved card's last valid day (the end
// of its expiry month) is at most WARN_DAYS away, once per card (expiryWarnedAt, cleared when the card
// changes), with the link to give a new card before a renewal fails on it.
import { db } from "@/lib/db/client";
import { queueEmail } from "@/lib/email/queue";
import { addDays } from "./intervals";

export const WARN_DAYS = 30;
const PAGE_SIZE = 500;

/** Warns every subscriber due a warning as of `asOf`; answers how many were warned. */
export async function warnExpiringCards(asOf = new Date()): Promise<number> {
  // The card works through the last day of its month: the day after that is the 1st of the next one.
  const firstInvalidDayBy = addDays(asOf, WARN_DAYS + 1)
    .toISOString()
    .slice(0, 10);
  let warned = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const page = await db.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM "Subscription"
      WHERE status IN ('trialing', 'active', 'past_due') AND "cancelAtPeriodEnd" = false AND "expiryWarnedAt" IS NULL
        AND "cardExpMonth" BETWEEN 1 AND 12 AND "cardExpYear" IS NOT NULL
        AND make_date(CASE WHEN "cardExpYear" < 100 THEN "cardExpYear" + 2000 ELSE "cardExpYear" END, "cardExpMonth", 1) + interval '1 month'
            <= ${firstInvalidDayBy}::date
        AND id > ${after}::uuid
      ORDER BY id LIMIT ${PAGE_SIZE}`;
    for (const { id } of page) {
      const sent = await db.$transaction(async (tx) => {
        const claimed = await tx.subscription.updateMany({ where: { id, expiryWarnedAt: null }, data: { expiryWarnedAt: asOf } });
        if (claimed.count === 1) await queueEmail(tx, { kind: "subscription-card-expiring", subscriptionId: id });
        return claimed.count;
      });
      warned += sent;
    }
    if (page.length < PAGE_SIZE) return warned;
    after = page.at(-1)!.id;
  }
}
