// Plans and subscriptions written straight to the database, for tests of what reads and cancels
// them (the engine's own tests start subscriptions through real payments).
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Environment, SubscriptionStatus } from "@/lib/db/generated/enums";
import type { Prisma } from "@/lib/db/generated/client";
import { sealAuthorization } from "@/lib/subscriptions/cards";
import { addPeriods } from "@/lib/subscriptions/intervals";
import { uniqueEmail } from "./factories";

type Scope = { merchantId: string; environment?: Environment };

export function insertPlan({ merchantId, environment = "test" }: Scope, data: Partial<Prisma.PlanUncheckedCreateInput> = {}) {
  return db.plan.create({ data: { merchantId, environment, name: "Gym membership", amount: 1_500_000n, interval: "monthly", ...data } });
}

export type SubscriptionRowOptions = {
  planId?: string;
  email?: string;
  name?: string | null;
  status?: SubscriptionStatus;
  /** The first paid period's start (the anchor); default: now. */
  anchor?: Date;
  createdAt?: Date;
  data?: Partial<Prisma.SubscriptionUncheckedCreateInput>;
};

/** A subscription in period 1 with a sealed sandbox card, its plan (made when not given) and its customer. */
export async function insertSubscription(scope: Scope, options: SubscriptionRowOptions = {}) {
  const environment = scope.environment ?? "test";
  const plan = options.planId ? await db.plan.findUniqueOrThrow({ where: { id: options.planId } }) : await insertPlan(scope);
  const email = (options.email ?? uniqueEmail("subscriber")).toLowerCase();
  const customer = await db.customer.upsert({
    where: { merchantId_environment_email: { merchantId: scope.merchantId, environment, email } },
    create: { merchantId: scope.merchantId, environment, email, name: options.name === undefined ? "Chidi Okeke" : options.name },
    update: {},
  });
  const id = randomUUID();
  const anchor = options.anchor ?? new Date();
  const status = options.status ?? "active";
  const periodEnd = addPeriods(anchor, plan.interval, 1);
  const subscription = await db.subscription.create({
    data: {
      id,
      merchantId: scope.merchantId,
      environment,
      planId: plan.id,
      customerId: customer.id,
      status,
      amount: plan.amount,
      interval: plan.interval,
      processor: "sandbox",
      authorizationSealed: sealAuthorization(id, `AUTH_${id.slice(0, 8)}`),
      cardBrand: "visa",
      cardLast4: "4081",
      cardExpMonth: 12,
      cardExpYear: 2030,
      period: 1,
      currentPeriodStart: anchor,
      currentPeriodEnd: periodEnd,
      nextChargeAt: status === "canceled" || status === "unpaid" ? null : periodEnd,
      ...(status === "canceled" && { canceledAt: new Date() }),
      ...(options.createdAt && { createdAt: options.createdAt }),
      ...options.data,
    },
  });
  return { plan, customer, subscription };
}
