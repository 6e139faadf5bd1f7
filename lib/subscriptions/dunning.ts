// Dunning: what a failed renewal charge does. The subscription is past_due and the customer is
// e-mailed a link to pay now or give a new card. A decline worth retrying (insufficient funds…) is
// tried again on the merchant's retry days (Merchant.dunningRetryDays, counted from the end of the
// period that was being served); a decline that cannot succeed (an expired card, an authorization no
// longer reusable) is never retried: only the customer can fix it, until the last retry day. After
// the last retry day the subscription takes the merchant's end state: unpaid (kept, nothing charged,
// the renewal stays payable) or canceled (the renewal fails with it).
import type { Tx } from "@/lib/db/client";
import type { DunningEndState } from "@/lib/db/generated/enums";
import { queueEmail } from "@/lib/email/queue";
import { failRenewal } from "@/lib/payments/settle";
import { addDays } from "./intervals";
import { endSubscription } from "./lifecycle";
import { lockRenewal, recordSubscriptionEvent, updateSubscription } from "./state";
import type { SubscriptionWithCustomer } from "./serializers";
import type { Transaction } from "@/lib/db/generated/client";

export const CARD_UNUSABLE_REASON = "The saved card can no longer be charged";
const UNPAID_REASON = "Not paid after the last retry";

/** The merchant's retry days as the schedule uses them: whole days after the period's end, ascending, once each. */
export function retryDays(days: readonly number[]): number[] {
  return [...new Set(days.filter((day) => Number.isInteger(day) && day > 0))].sort((a, b) => a - b);
}

export type NextStep = { retryAt: Date } | { waitUntil: Date } | { end: true };

/**
 * After the `failedCharges`-th failed try of a renewal due at `periodEnd`: the next retry day, or
 * (a card that cannot be charged again) the last retry day, when the customer's time runs out, or
 * the end when no retry day is left.
 */
export function nextStep(periodEnd: Date, days: readonly number[], failedCharges: number, retryable: boolean, now: Date): NextStep {
  const schedule = retryDays(days);
  if (!retryable) {
    const deadline = addDays(periodEnd, schedule.at(-1) ?? 0);
    return deadline > now ? { waitUntil: deadline } : { end: true };
  }
  const day = schedule[failedCharges - 1];
  return day === undefined ? { end: true } : { retryAt: addDays(periodEnd, day) };
}

export type Failure = {
  subscriptionId: string;
  transactionId: string;
  /** The try that failed; none when the card was known not to work and was not charged. */
  attemptId: string | null;
  reason: string | null;
  retryable: boolean;
  asOf: Date;
};

/**
 * Counts one failed try of a renewal, once (the attempt is marked checked in the same change, so a
 * run that finds it again, after a crash or alongside another worker, does not count it twice).
 */
export async function recordFailure(tx: Tx, failure: Failure): Promise<"counted" | "already_counted" | "stale"> {
  const { transaction: t, subscription: s } = await lockRenewal(tx, failure.transactionId, failure.subscriptionId);
  if (failure.attemptId) {
    const counted = await tx.paymentAttempt.updateMany({
      where: { id: failure.attemptId, checkedAt: null },
      data: { checkedAt: new Date(), error: failure.reason?.slice(0, 500) ?? "Declined" },
    });
    if (counted.count === 0) return "already_counted";
  }
  if (!s || t.status !== "PENDING" || s.status === "canceled" || s.status === "unpaid") return "stale";

  const merchant = await tx.merchant.findUniqueOrThrow({ where: { id: s.merchantId }, select: { dunningRetryDays: true, dunningEndState: true } });
  const failedCharges = s.failedCharges + 1;
  const step = nextStep(s.currentPeriodEnd, merchant.dunningRetryDays, failedCharges, failure.retryable, failure.asOf);
  const cardDeclinedAt = failure.retryable ? s.cardDeclinedAt : (s.cardDeclinedAt ?? failure.asOf);
  const paymentFailed = { transactionId: t.id, reference: t.reference, failureReason: failure.reason };
  if ("end" in step) {
    await endDunning(tx, s, t, merchant.dunningEndState, failure.asOf, { failedCharges, cardDeclinedAt, paymentFailed });
    return "counted";
  }
  const retryAt = "retryAt" in step ? step.retryAt : null;
  const now = await updateSubscription(tx, s, {
    status: "past_due",
    failedCharges,
    nextChargeAt: retryAt ?? ("waitUntil" in step ? step.waitUntil : null),
    cardDeclinedAt,
  });
  if (s.status !== "past_due") await recordSubscriptionEvent(tx, now, { type: "subscription.past_due" });
  await recordSubscriptionEvent(tx, now, { type: "subscription.payment_failed", ...paymentFailed, willRetry: retryAt !== null });
  await queueEmail(tx, {
    kind: "subscription-payment-failed",
    subscriptionId: s.id,
    transactionId: t.id,
    reason: failure.reason,
    nextRetryAt: retryAt?.toISOString() ?? null,
    cardDeclined: cardDeclinedAt !== null,
  });
  return "counted";
}

/** The customer's time ran out on a card that cannot be charged (no try was made): the merchant's end state. */
export async function endAfterLastRetryDay(tx: Tx, subscriptionId: string, transactionId: string, asOf: Date): Promise<boolean> {
  const { transaction: t, subscription: s } = await lockRenewal(tx, transactionId, subscriptionId);
  if (!s || t.status !== "PENDING" || s.status !== "past_due" || !s.nextChargeAt || s.nextChargeAt > asOf) return false;
  const merchant = await tx.merchant.findUniqueOrThrow({ where: { id: s.merchantId }, select: { dunningEndState: true } });
  await endDunning(tx, s, t, merchant.dunningEndState, asOf, { failedCharges: s.failedCharges, cardDeclinedAt: s.cardDeclinedAt, paymentFailed: null });
  return true;
}

type Ending = {
  failedCharges: number;
  cardDeclinedAt: Date | null;
  /** The failed try that ended it, if one did. */
  paymentFailed: { transactionId: string; reference: string; failureReason: string | null } | null;
};

async function endDunning(tx: Tx, s: SubscriptionWithCustomer, t: Transaction, endState: DunningEndState, asOf: Date, ending: Ending) {
  const { failedCharges, cardDeclinedAt, paymentFailed } = ending;
  if (endState === "canceled") {
    await failRenewal(tx, t, UNPAID_REASON);
    const counted = await updateSubscription(tx, s, { failedCharges, cardDeclinedAt });
    if (paymentFailed) await recordSubscriptionEvent(tx, counted, { type: "subscription.payment_failed", ...paymentFailed, willRetry: false });
    await endSubscription(tx, counted, "unpaid", asOf);
    return;
  }
  // unpaid: kept, nothing more is charged; the renewal stays PENDING, so the customer can still pay it.
  const now = await updateSubscription(tx, s, { status: "unpaid", nextChargeAt: null, failedCharges, cardDeclinedAt });
  if (paymentFailed) await recordSubscriptionEvent(tx, now, { type: "subscription.payment_failed", ...paymentFailed, willRetry: false });
  await queueEmail(tx, {
    kind: "subscription-payment-failed",
    subscriptionId: s.id,
    transactionId: t.id,
    reason: paymentFailed?.failureReason ?? (cardDeclinedAt ? CARD_UNUSABLE_REASON : null),
    nextRetryAt: null,
    cardDeclined: cardDeclinedAt !== null,
  });
}
