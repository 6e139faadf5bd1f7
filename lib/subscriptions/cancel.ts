// Cancelling a subscription: by the merchant (POST …/subscriptions/:id/cancel, scoped to its merchant
// and mode) or by the customer from their signed /billing link (cancelSubscriptionById).
//
// The rules:
// - Now (atPeriodEnd false): status canceled, canceledAt now, nextChargeAt null (nothing is charged
//   again), a subscription.canceled event and the customer's e-mail, in the same database transaction.
// - At period end (atPeriodEnd true), for a trialing or active subscription: cancelAtPeriodEnd is set
//   and nextChargeAt stays. The renewal job (lib/subscriptions/renewals.ts), when it reaches a due
//   subscription with cancelAtPeriodEnd, ends it (canceled, canceledAt, subscription.canceled) instead of
//   charging it: the customer keeps what they paid for (or their trial) to its end and is never
//   charged again. A past_due or unpaid subscription has no paid period left to run out (its current
//   period was never paid), so "at period end" ends it now.
// - Cancelling a canceled subscription changes nothing and answers it as it is (200, no second
//   event): a retried request is harmless, and the caller sees it canceled either way. Asking for
//   "at period end" again likewise changes nothing; asking for "now" after "at period end" ends it now.
import { ApiError } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import type { SubscriptionStatus } from "@/lib/db/generated/enums";
import type { MerchantScope } from "@/lib/auth/access";
import { endSubscription } from "./lifecycle";
import { findSubscription, SUBSCRIPTION_NOT_FOUND, withCustomer } from "./queries";
import { toSubscriptionResponse, type SubscriptionWithCustomer } from "./serializers";

export type CancelOptions = { atPeriodEnd: boolean };

/** What a cancel did: ended it now, set it to end with its period, or nothing (it already was so). */
export type CancelOutcome = "ended" | "scheduled" | "already_canceled" | "already_scheduled";

/** The statuses that have a paid (or trial) period to run out. */
const DEFERRABLE: readonly SubscriptionStatus[] = ["trialing", "active"];

/** The merchant's cancel: only its own subscription in the caller's mode (404 otherwise). */
export async function cancelSubscription(scope: MerchantScope, subscriptionId: string, options: CancelOptions) {
  const subscription = await findSubscription(scope, subscriptionId);
  return cancelSubscriptionById(subscription.id, options);
}

/**
 * The customer's cancel from /billing/{token}: the signed link already proved which subscription it
 * is, so there is no merchant scope here. Never call it with an id a caller merely sent.
 */
export async function cancelSubscriptionById(subscriptionId: string, { atPeriodEnd }: CancelOptions) {
  return db.$transaction(async (tx) => {
    // The row lock orders this with the renewal job and the settlement hook, which change the same row.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Subscription" WHERE id = ${subscriptionId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw ApiError.notFound(SUBSCRIPTION_NOT_FOUND);
    const current = await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId }, include: withCustomer });
    const { outcome, subscription } = await apply(tx, current, atPeriodEnd);
    return { outcome, subscription: toSubscriptionResponse(subscription) };
  });
}

async function apply(
  tx: Tx,
  current: SubscriptionWithCustomer,
  atPeriodEnd: boolean,
): Promise<{ outcome: CancelOutcome; subscription: SubscriptionWithCustomer }> {
  if (current.status === "canceled") return { outcome: "already_canceled", subscription: current };
  if (atPeriodEnd && DEFERRABLE.includes(current.status)) {
    if (current.cancelAtPeriodEnd) return { outcome: "already_scheduled", subscription: current };
    const subscription = await tx.subscription.update({ where: { id: current.id }, data: { cancelAtPeriodEnd: true }, include: withCustomer });
    return { outcome: "scheduled", subscription };
  }
  // Ended the one way every ending goes: its event, and the customer's e-mail with their link.
  const subscription = await endSubscription(tx, current, "requested", new Date());
  return { outcome: "ended", subscription };
}

export const CANCEL_MESSAGES: Record<CancelOutcome, string> = {
  ended: "Subscription canceled",
  scheduled: "Subscription will be canceled at the end of its current period",
  already_canceled: "The subscription was already canceled",
  already_scheduled: "The subscription was already set to be canceled at the end of its current period",
};
