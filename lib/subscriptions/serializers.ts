// The contract's Plan and Subscription (lib/api/openapi/resources.ts): API answers and event data.
import type { Customer, Plan, Subscription } from "@/lib/db/generated/client";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { PlanSchema, SubscriptionSchema } from "@/lib/api/openapi/resources";

export function toPlanResponse(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    amount: plan.amount,
    currency: plan.currency,
    interval: plan.interval,
    trialDays: plan.trialDays,
    active: plan.active,
    createdAt: plan.createdAt,
  } satisfies ResponseOf<typeof PlanSchema>;
}

export type SubscriptionWithCustomer = Subscription & { customer: Pick<Customer, "id" | "email" | "name"> };

/** Never the saved card's authorization: only what identifies the card to its owner. */
export function toSubscriptionResponse(s: SubscriptionWithCustomer) {
  return {
    id: s.id,
    planId: s.planId,
    customer: { id: s.customer.id, email: s.customer.email, name: s.customer.name },
    status: s.status,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    nextChargeAt: s.nextChargeAt,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt,
    card: { brand: s.cardBrand, last4: s.cardLast4, expMonth: s.cardExpMonth, expYear: s.cardExpYear },
    createdAt: s.createdAt,
  } satisfies ResponseOf<typeof SubscriptionSchema>;
}
