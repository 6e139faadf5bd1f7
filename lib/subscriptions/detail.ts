// What the dashboard shows of one subscription: the subscription, its plan, and every payment tied
// to it (the first period's, each renewal, card checks) with each try at the processor, newest first.
import { db } from "@/lib/db/client";
import type { MerchantScope } from "@/lib/auth/access";
import { findSubscription } from "./queries";
import { toPlanResponse } from "./serializers";

/** A renewal is retried a handful of times a period: this covers years of history on one page. */
export const CHARGES_SHOWN = 50;

export async function getSubscriptionDetail(scope: MerchantScope, subscriptionId: string) {
  const subscription = await findSubscription(scope, subscriptionId);
  const [plan, charges, total] = await Promise.all([
    db.plan.findUniqueOrThrow({ where: { id: subscription.planId } }),
    db.transaction.findMany({
      where: { subscriptionId: subscription.id, merchantId: scope.merchantId, environment: scope.environment },
      select: {
        id: true,
        reference: true,
        amount: true,
        status: true,
        cardCheck: true,
        subscriptionPeriod: true,
        refundedAmount: true,
        createdAt: true,
        completedAt: true,
        attempts: {
          orderBy: { createdAt: "asc" },
          select: { id: true, processor: true, reference: true, outcome: true, error: true, createdAt: true },
        },
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: CHARGES_SHOWN,
    }),
    db.transaction.count({ where: { subscriptionId: subscription.id, merchantId: scope.merchantId, environment: scope.environment } }),
  ]);
  return { subscription, plan: toPlanResponse(plan), charges, totalCharges: total };
}

export type SubscriptionDetail = Awaited<ReturnType<typeof getSubscriptionDetail>>;
export type SubscriptionCharge = SubscriptionDetail["charges"][number];
