// What a subscribing payment charges (initiate with planId, the /subscribe page): the plan's price,
// or with a free trial a small card check that only proves the card (refunded at once by the engine).
import { db } from "@/lib/db/client";
import type { Plan } from "@/lib/db/generated/client";
import type { Environment } from "@/lib/db/generated/enums";
import { ApiError } from "@/lib/api/errors";

/** ₦50: the smallest charge a processor takes, as Paystack recommends for checking a card. */
export const CARD_CHECK_KOBO = 5_000n;

export const SUBSCRIPTIONS_BY_CARD = "Subscriptions are paid by card";

/**
 * The merchant's active plan in the caller's mode (any mode without a key: the plan's own), else 404.
 * An amount sent must be the plan's price: nobody subscribes for less by editing the request.
 */
export async function subscribablePlan(merchantId: string, environment: Environment | undefined, id: string, amount: bigint | null): Promise<Plan> {
  const plan = await db.plan.findFirst({ where: { id, merchantId, ...(environment ? { environment } : {}) } });
  if (!plan || !plan.active) throw ApiError.notFound("Plan not found or is inactive");
  if (amount !== null && amount !== plan.amount) {
    throw ApiError.validation([{ field: "amount", message: `Amount must be ${plan.amount} kobo for this plan` }], { code: "amount_fixed" });
  }
  return plan;
}

/** The first charge: the period's price, or a card check when the plan starts with a free trial. */
export function firstCharge(plan: Pick<Plan, "amount" | "trialDays" | "name">): { amount: bigint; cardCheck: boolean; description: string } {
  if (plan.trialDays > 0) return { amount: CARD_CHECK_KOBO, cardCheck: true, description: `${plan.name}: card check for your free trial (refunded)` };
  return { amount: plan.amount, cardCheck: false, description: plan.name };
}
