// The overview's subscription figures, aggregated in PostgreSQL per merchant and mode.
import { db } from "@/lib/db/client";
import type { PlanInterval, SubscriptionStatus } from "@/lib/db/generated/enums";
import type { MerchantScope } from "@/lib/auth/access";
import { monthlyAmount } from "./intervals";

/** Still billed: a past_due subscription is being retried and usually recovers, so it counts. */
const RECURRING: SubscriptionStatus[] = ["active", "past_due"];

export type SubscriptionMetrics = {
  /** Kobo: each active or past_due subscription's own amount as a monthly amount (rounded down), summed. */
  monthlyRecurringRevenue: bigint;
  /** Paying subscribers: status active. */
  activeSubscribers: number;
  trialing: number;
  pastDue: number;
};

export async function subscriptionMetrics({ merchantId, environment }: MerchantScope, planId?: string): Promise<SubscriptionMetrics> {
  const where = { merchantId, environment, ...(planId && { planId }) };
  const [byPrice, byStatus] = await Promise.all([
    // One row per (interval, amount): rounding each subscription's monthly amount, as the sum promises.
    db.subscription.groupBy({ by: ["interval", "amount"], where: { ...where, status: { in: RECURRING } }, _count: { _all: true } }),
    db.subscription.groupBy({ by: ["status"], where, _count: { _all: true } }),
  ]);
  const count = (status: SubscriptionStatus) => byStatus.find((row) => row.status === status)?._count._all ?? 0;
  return {
    monthlyRecurringRevenue: byPrice.reduce((sum, row) => sum + monthlyAmount(row.amount, row.interval as PlanInterval) * BigInt(row._count._all), 0n),
    activeSubscribers: count("active"),
    trialing: count("trialing"),
    pastDue: count("past_due"),
  };
}
