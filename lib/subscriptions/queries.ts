// The read side of subscriptions, always within one merchant and one mode: another merchant's
// subscription, or one of the other mode, answers 404 exactly like one that does not exist.
import { findOr404 } from "@/lib/api/find";
import { afterCursor, newestFirst, toPage } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { MerchantScope } from "@/lib/auth/access";
import type { SubscriptionListQuery } from "./schemas";
import { toSubscriptionResponse, type SubscriptionWithCustomer } from "./serializers";

export const SUBSCRIPTION_NOT_FOUND = "Subscription not found";

export const withCustomer = { customer: { select: { id: true, email: true, name: true } } } as const;

/** The filters of a list (and of the dashboard's), as a Prisma where-clause. */
export function subscriptionWhere({ merchantId, environment }: MerchantScope, query: Omit<SubscriptionListQuery, "cursor" | "limit">) {
  // Prisma passes contains to ILIKE as-is: make % and _ (and the escape) literal.
  const email = query.email?.trim().replace(/[\\%_]/g, "\\$&");
  return {
    merchantId,
    environment,
    ...(query.status && { status: query.status }),
    ...(query.planId && { planId: query.planId.toLowerCase() }),
    ...(email && { customer: { email: { contains: email, mode: "insensitive" } } }),
  } satisfies Prisma.SubscriptionWhereInput;
}

/** Newest first, in keyset pages. */
export async function listSubscriptions(scope: MerchantScope, query: SubscriptionListQuery) {
  const rows = await db.subscription.findMany({
    where: { ...subscriptionWhere(scope, query), ...afterCursor(query.cursor) },
    include: withCustomer,
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, toSubscriptionResponse);
}

export function findSubscription({ merchantId, environment }: MerchantScope, subscriptionId: string): Promise<SubscriptionWithCustomer> {
  return findOr404(subscriptionId, SUBSCRIPTION_NOT_FOUND, (id) =>
    db.subscription.findFirst({ where: { id, merchantId, environment }, include: withCustomer }),
  );
}

export async function getSubscription(scope: MerchantScope, subscriptionId: string) {
  return toSubscriptionResponse(await findSubscription(scope, subscriptionId));
}
