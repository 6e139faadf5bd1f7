// What a completed payment does to subscriptions, inside the settlement's own database transaction
// (settle.ts `complete`), so the subscription changes exactly when the payment does:
// - a subscribing payment (planId) with a reusable card starts the subscription (a trial's card
//   check starts it trialing); without one nothing starts and the payment is given back;
// - a renewal (the engine's Transaction for a period) moves the subscription into that period;
// - a card check for a subscription replaces its saved card.
// Card checks are refunded at once by settle.ts (never revenue); this only says why another payment must be.
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import type { SavedCard } from "@/lib/processors/types";
import { queueEmail } from "@/lib/email/queue";
import type { SUBSCRIPTION_END_REASONS } from "@/lib/email/job";
import { addDays, addPeriods } from "./intervals";
import { cardColumns } from "./cards";
import { periodBounds } from "./periods";
import { lockSubscription, recordSubscriptionEvent, updateSubscription } from "./state";
import type { SubscriptionWithCustomer } from "./serializers";

export const NOT_REUSABLE_REASON = "The card cannot be charged again, so no subscription started; refunded automatically";
const CARD_NOT_CHANGED_REASON = "The card cannot be charged again, so the subscription's card was not changed";
const CANCELED_BEFORE_PAID_REASON = "The subscription was canceled before this renewal was paid; refunded automatically";

type Completed = Transaction & { completedAt: Date };

/**
 * The subscription side of a completion. Answers why the payment must be refunded as one too many
 * (settle.ts flags and refunds it), or null.
 */
export async function onPaymentCompleted(tx: Tx, t: Completed, savedCard: SavedCard | null | undefined): Promise<string | null> {
  if (t.subscriptionId && t.cardCheck) return replaceCard(tx, t, savedCard);
  if (t.subscriptionId && t.subscriptionPeriod !== null) return renewed(tx, t);
  if (t.planId) return subscribe(tx, t, savedCard);
  return null;
}

/** A subscribing payment (or a trial's card check) completed: the subscription starts, bound to the card and the processor that charged it. */
async function subscribe(tx: Tx, t: Completed, card: SavedCard | null | undefined): Promise<string | null> {
  const plan = await tx.plan.findFirst({ where: { id: t.planId!, merchantId: t.merchantId, environment: t.environment } });
  if (!plan) return "The plan was not found, so no subscription started; refunded automatically";
  if (!card?.reusable) return NOT_REUSABLE_REASON;
  const { customerId } = await tx.transaction.findUniqueOrThrow({ where: { id: t.id }, select: { customerId: true } });
  const now = t.completedAt;
  const trial = t.cardCheck;
  // A trial is period 0 and ends where the first paid period begins: that is the billing anchor.
  const anchor = trial ? addDays(now, plan.trialDays) : now;
  const id = randomUUID();
  const created = await tx.subscription.create({
    data: {
      id,
      merchantId: t.merchantId,
      environment: t.environment,
      planId: plan.id,
      customerId: customerId!,
      status: trial ? "trialing" : "active",
      // The price when subscribed: a later change of the plan's price applies to new subscriptions only.
      amount: trial ? plan.amount : t.amount,
      currency: plan.currency,
      interval: plan.interval,
      processor: t.processor,
      ...cardColumns(id, card),
      period: trial ? 0 : 1,
      billingAnchor: anchor,
      currentPeriodStart: now,
      currentPeriodEnd: trial ? anchor : addPeriods(anchor, plan.interval, 1),
      nextChargeAt: trial ? anchor : addPeriods(anchor, plan.interval, 1),
    },
    include: { customer: { select: { id: true, email: true, name: true } } },
  });
  await tx.transaction.update({ where: { id: t.id }, data: { subscriptionId: id, subscriptionPeriod: created.period } });
  await recordSubscriptionEvent(tx, created, { type: "subscription.created" });
  await queueEmail(tx, { kind: "subscription-welcome", subscriptionId: id });
  return null;
}

/** A renewal was paid (by the engine's charge, a retry, or the customer's pay-now): the subscription serves that period. */
async function renewed(tx: Tx, t: Completed): Promise<string | null> {
  const s = await lockSubscription(tx, t.subscriptionId!);
  if (!s) return null;
  if (s.status === "canceled") return CANCELED_BEFORE_PAID_REASON;
  const period = t.subscriptionPeriod!;
  if (s.period >= period) return null;
  const { start, end } = periodBounds(s, period);
  const now = await updateSubscription(tx, s, {
    status: "active",
    period,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    nextChargeAt: end,
    failedCharges: 0,
  });
  await recordSubscriptionEvent(tx, now, { type: "subscription.renewed", transactionId: t.id, reference: t.reference });
  // Its receipt is the payment's own (settle.ts), with the link to manage the subscription (receipt-emails.ts).
  return null;
}

/** A card check from the customer's page: a reusable card becomes the subscription's, at the processor that holds it. */
async function replaceCard(tx: Tx, t: Completed, card: SavedCard | null | undefined): Promise<string | null> {
  const s = await lockSubscription(tx, t.subscriptionId!);
  if (!s || s.status === "canceled") return null;
  if (!card?.reusable) {
    await tx.transaction.update({ where: { id: t.id }, data: { flaggedReason: CARD_NOT_CHANGED_REASON } });
    return null;
  }
  // Behind on a payment: the new card is tried at the next run rather than on the old card's schedule.
  const behind = s.status === "past_due" || s.status === "unpaid";
  await updateSubscription(tx, s, {
    ...cardColumns(s.id, card),
    processor: t.processor,
    cardDeclinedAt: null,
    ...(behind && { status: "past_due", nextChargeAt: t.completedAt }),
  });
  return null;
}

export type EndReason = (typeof SUBSCRIPTION_END_REASONS)[number];

/**
 * Ends a locked subscription now: canceled, nothing more is charged, its event and the customer's
 * e-mail. Its renewal still being tried, if any, is the caller's to end (it fails with it).
 */
export async function endSubscription(tx: Tx, s: SubscriptionWithCustomer, reason: EndReason, at: Date): Promise<SubscriptionWithCustomer> {
  // A cancellation asked for earlier (at the period's end) keeps the time it was asked for.
  const ended = await updateSubscription(tx, s, { status: "canceled", canceledAt: s.canceledAt ?? at, nextChargeAt: null });
  await recordSubscriptionEvent(tx, ended, { type: "subscription.canceled" });
  await queueEmail(tx, { kind: "subscription-canceled", subscriptionId: s.id, reason });
  return ended;
}
