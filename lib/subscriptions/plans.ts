// Plans: what a merchant sells by the period. Per merchant and mode, like every object: another
// merchant's plan, or one of the other mode, answers 404 exactly like one that does not exist.
import { findOr404 } from "@/lib/api/find";
import { afterCursor, newestFirst, toPage } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import type { Plan } from "@/lib/db/generated/client";
import type { MerchantScope } from "@/lib/auth/access";
import { requireLive } from "@/lib/merchants/activation";
import type { CreatePlanInput, PlanListQuery, UpdatePlanInput } from "./schemas";
import { toPlanResponse } from "./serializers";

const scopeOf = ({ merchantId, environment }: MerchantScope): MerchantScope => ({ merchantId, environment });

export const PLAN_NOT_FOUND = "Plan not found";

/** Live plans only once the go-live checklist is done, as for payment links (409 with `missing` otherwise). */
export async function createPlan(scope: MerchantScope, input: CreatePlanInput) {
  if (scope.environment === "live") await requireLive(scope.merchantId);
  const plan = await db.plan.create({
    data: {
      ...scopeOf(scope),
      name: input.name,
      description: input.description || null,
      amount: BigInt(input.amount),
      interval: input.interval,
      trialDays: input.trialDays ?? 0,
    },
  });
  return toPlanResponse(plan);
}

export async function listPlans(scope: MerchantScope, query: PlanListQuery) {
  const rows = await db.plan.findMany({
    where: { ...scopeOf(scope), ...(query.status && { active: query.status === "active" }), ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, toPlanResponse);
}

export function findPlan(scope: MerchantScope, planId: string): Promise<Plan> {
  return findOr404(planId, PLAN_NOT_FOUND, (id) => db.plan.findFirst({ where: { id, ...scopeOf(scope) } }));
}

export async function getPlan(scope: MerchantScope, planId: string) {
  return toPlanResponse(await findPlan(scope, planId));
}

/**
 * Rename, describe, reprice, change the trial, (de)activate. A subscription keeps the amount and
 * interval it started with (its own columns) and its trial is already decided, so none of this
 * touches existing subscribers; a deactivated plan takes no new ones while its subscribers renew.
 */
export async function updatePlan(scope: MerchantScope, planId: string, input: UpdatePlanInput) {
  const plan = await findPlan(scope, planId);
  const { amount, description, ...rest } = input;
  const updated = await db.plan.update({
    where: { id: plan.id },
    data: {
      ...rest,
      ...(amount !== undefined && { amount: BigInt(amount) }),
      ...(description !== undefined && { description: description || null }),
    },
  });
  return toPlanResponse(updated);
}
