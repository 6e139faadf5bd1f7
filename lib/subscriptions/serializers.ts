// The contract's Plan and Subscription (lib/api/openapi/resources.ts): API answers and event data.
import type { Customer, Plan, Subscription } from "@/lib/db/generated/client";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { PlanSchema, SubscriptionSchema } from "@/lib/api/openapi/resources";

export function toPlanResponse(plan: Plan) {
  return columns(plan, ["id", "name", "description", "amount", "currency", "interval", "trialDays", "active", "createdAt"]) satisfies ResponseOf<
    typeof PlanSchema
  >;
}

export type SubscriptionWithCustomer = Subscription & { customer: Pick<Customer, "id" | "email" | "name"> };

/** Never the saved card's authorization: only what identifies the card to its owner. */
export function toSubscriptionResponse(s: SubscriptionWithCustomer) {
  return {
    ...columns(s, ["id", "planId"]),
    customer: columns(s.customer, ["id", "email", "name"]),
    ...columns(s, ["status", "currentPeriodStart", "currentPeriodEnd", "nextChargeAt", "cancelAtPeriodEnd", "canceledAt"]),
    card: { brand: s.cardBrand, last4: s.cardLast4, expMonth: s.cardExpMonth, expYear: s.cardExpYear },
    createdAt: s.createdAt,
  } satisfies ResponseOf<typeof SubscriptionSchema>;
}
