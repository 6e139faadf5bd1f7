// The renewal engine. A cron run (queueDueRenewals) pages through the subscriptions that are due and
// queues one job per subscription and period; each job (renewSubscription) charges that period once:
// - at the end of a period marked cancelAtPeriodEnd, the subscription ends instead;
// - the period's Transaction is made once (unique subscription + period, a fixed reference);
// - the open try, if any, is asked about first (a crash after the processor answered, a webhook not
//   here yet, the customer's pay-now): paid settles it and nothing more is charged;
// - otherwise a new try is claimed (claimNextRound: one winner), recorded as a PaymentAttempt before
//   the processor is asked, and the saved card is charged at the subscription's processor, in its
//   mode, with the merchant's split there; never another processor, never another mode.
// The answer settles through lib/payments (one completion, its events and receipt) or is counted by
// dunning.ts. Nothing here relies on the job queue's de-duplication: two runs at once contend on
// database rows (the attempt's partial unique index, the claim's conditional update) and one loses.
import { db } from "@/lib/db/client";
import type { PaymentAttempt, Transaction } from "@/lib/db/generated/client";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { ApiError, isUniqueViolation } from "@/lib/api/errors";
import { forEachRow, keysetPages, queuePerRow } from "@/lib/jobs/fan-out";
import { getProcessor } from "@/lib/processors";
import { ProcessorError, type ChargeDetails, type ProcessorAdapter, type Split } from "@/lib/processors/types";
import { chargeReferenceOf, locateCharge, whereChargeReference } from "@/lib/payments/attempts";
import { settleAttemptCharge } from "@/lib/payments/attempt-settlement";
import { afterCompletion } from "@/lib/payments/completion";
import { claimNextRound } from "@/lib/payments/retry";
import { failRenewal } from "@/lib/payments/settle";
import { platformFeeFor } from "@/lib/payouts/fees";
import { splitFor } from "@/lib/payouts/subaccounts";
import { openAuthorization } from "./cards";
import { CARD_UNUSABLE_REASON, endAfterLastRetryDay, recordFailure } from "./dunning";
import { endSubscription } from "./lifecycle";
import { renewalReference } from "./periods";
import { DUE_STATUSES, lockRenewal, lockSubscription } from "./state";

/** Subscriptions read from the database at a time (keyset pagination). */
const PAGE_SIZE = 500;
/** Subscriptions renewed at once by the in-process run (the dev clock). */
const IN_PROCESS_CONCURRENCY = 4;
/** How long a recorded try may still be on its way to the processor: its call's timeout, and a margin. */
const inFlightMs = () => config().PROCESSOR_TIMEOUT_MS + 60_000;

/**
 * paid: the period was paid (now, or found paid); declined: a failed try was counted (dunning);
 * pending: the processor is still deciding a try; waiting: the card cannot be charged, the customer
 * was asked; ended: dunning's end state was applied; canceled: ended at the period's end; busy: another
 * run holds it; error: the processor could not be asked (the next run asks again).
 */
export type RenewalOutcome = "paid" | "declined" | "pending" | "waiting" | "ended" | "canceled" | "not_due" | "busy" | "error";

/**
 * Test seam: runs after the processor answered a charge and before our side records the answer, so a
 * test can make that write fail (a crash) and see the next run settle the same charge.
 */
export const renewalSeams: { afterCharge?: (reference: string) => void | Promise<void> } = {};

type Due = NonNullable<Awaited<ReturnType<typeof loadDue>>>;

const loadDue = (id: string) =>
  db.subscription.findUnique({ where: { id }, include: { customer: { select: { id: true, email: true, name: true } }, plan: { select: { name: true } } } });

/** Every due subscription, a page at a time in id order. */
const duePages = (asOf: Date) =>
  keysetPages(PAGE_SIZE, "id", (after) =>
    db.subscription.findMany({
      where: { status: { in: DUE_STATUSES }, nextChargeAt: { lte: asOf }, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: "asc" },
      take: PAGE_SIZE,
      select: { id: true, period: true },
    }),
  );

/**
 * Renewals still being tried whose subscription ended meanwhile (canceled now by the merchant or the
 * customer): FAILED, so nothing stays payable for a subscription that is over. One paid before this
 * runs is refunded by the completion (lifecycle.ts). Answers how many.
 */
export async function endOrphanedRenewals(): Promise<number> {
  const orphans = await db.transaction.findMany({
    where: { status: "PENDING", subscriptionPeriod: { not: null }, cardCheck: false, subscription: { status: "canceled" } },
    select: { id: true, subscriptionId: true },
    take: PAGE_SIZE,
  });
  let ended = 0;
  for (const orphan of orphans) {
    const outcome = await db.$transaction(async (tx) => {
      const { transaction, subscription } = await lockRenewal(tx, orphan.id, orphan.subscriptionId!);
      if (transaction.status !== "PENDING" || subscription?.status !== "canceled") return null;
      return failRenewal(tx, transaction, "The subscription was canceled");
    });
    if (outcome === "failed") ended++;
  }
  return ended;
}

/** The cron run: one renew-subscription job per due subscription, keyed by subscription and period. Answers how many were due. */
export async function queueDueRenewals(asOf = new Date()): Promise<number> {
  await endOrphanedRenewals();
  return queuePerRow(duePages(asOf), "renewSubscription", (s) => ({
    data: { subscriptionId: s.id, asOf: asOf.toISOString() },
    singletonKey: `${s.id}:${s.period + 1}`,
  }));
}

/** Every due subscription renewed now, in this process (the dev clock, tests). Answers how each went. */
export async function runRenewals(asOf = new Date()): Promise<Partial<Record<RenewalOutcome, number>>> {
  const counts: Partial<Record<RenewalOutcome, number>> = {};
  await endOrphanedRenewals();
  await forEachRow(duePages(asOf), IN_PROCESS_CONCURRENCY, async ({ id }) => {
    const outcome = await renewSubscription(id, asOf).catch((error: unknown): RenewalOutcome => {
      log.error({ err: error, subscriptionId: id }, "renewal failed");
      return "error";
    });
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  });
  return counts;
}

/** One subscription's due renewal, as of `asOf`. */
export async function renewSubscription(subscriptionId: string, asOf = new Date()): Promise<RenewalOutcome> {
  const s = await loadDue(subscriptionId);
  if (!s || !DUE_STATUSES.includes(s.status) || !s.nextChargeAt || s.nextChargeAt > asOf) return "not_due";
  if (s.cancelAtPeriodEnd && s.currentPeriodEnd <= asOf) return cancelAtPeriodEnd(s.id, asOf);

  let adapter: ProcessorAdapter;
  let transaction: Transaction;
  let split: Split | null;
  try {
    adapter = getProcessor(s.processor, s.environment);
    split = await splitFor(s.merchantId, s.processor, s.environment, platformFeeFor(s.amount));
    transaction = await renewalTransaction(s, s.period + 1, split);
  } catch (error) {
    // No key for this processor in this mode, or (live) no subaccount there: nothing can be charged now.
    if (!(error instanceof ProcessorError) && !(error instanceof ApiError)) throw error;
    log.error({ subscriptionId: s.id, processor: s.processor, environment: s.environment, err: error }, "renewal cannot be charged");
    return "error";
  }
  if (transaction.status !== "PENDING") return "not_due";

  const open = await db.paymentAttempt.findFirst({ where: { transactionId: transaction.id, outcome: "started" } });
  if (open) {
    const found = await askAboutOpenTry(s, transaction, open, asOf);
    if (found !== "unpaid") return found;
  }
  const authorization = openAuthorization(s);
  if (s.cardDeclinedAt || authorization === null) return awaitCustomer(s, transaction, asOf);
  const fresh = await db.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
  if (fresh.status !== "PENDING") return "not_due";
  return chargeOnce(s, fresh, { adapter, split, authorization, open, asOf });
}

/** The period's Transaction, made once: the same row (and reference) for every try and every run. */
async function renewalTransaction(s: Due, period: number, split: Split | null): Promise<Transaction> {
  const key = { subscriptionId_subscriptionPeriod: { subscriptionId: s.id, subscriptionPeriod: period } };
  const existing = await db.transaction.findUnique({ where: key });
  if (existing) return existing;
  const reference = renewalReference(s, period);
  try {
    return await db.transaction.create({
      data: {
        merchantId: s.merchantId,
        environment: s.environment,
        reference,
        amount: s.amount,
        platformFee: platformFeeFor(s.amount),
        subaccountCode: split?.subaccountCode ?? null,
        currency: s.currency,
        channel: "card",
        customerEmail: s.customer.email,
        customerName: s.customer.name,
        description: s.plan.name,
        metadata: { subscriptionId: s.id, period },
        callbackUrl: `${config().appUrl}/receipt/${reference}`,
        processor: s.processor,
        subscriptionId: s.id,
        subscriptionPeriod: period,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.transaction.findUniqueOrThrow({ where: key });
  }
}

type OpenTry = PaymentAttempt;

/**
 * Asks the processor about the open try before anything is charged again (unpaid: a new try may
 * start). An engine try is told apart from the customer's pay-now checkout by the transaction having
 * no checkout URL; one whose answer was not recorded yet may still be on its way to the processor
 * (another run's), so it is not replaced until that call must have ended (IN_FLIGHT_MS).
 */
async function askAboutOpenTry(s: Due, t: Transaction, open: OpenTry, asOf: Date): Promise<RenewalOutcome | "unpaid"> {
  const engineTry = t.authorizationUrl === null && open.checkedAt === null;
  let charge: ChargeDetails;
  try {
    charge = await getProcessor(open.processor, s.environment).verify(open.reference, null);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    if (error.kind !== "declined") {
      log.warn({ reference: open.reference, processor: open.processor, kind: error.kind }, "renewal: could not ask about the open try");
      return "error";
    }
    // Refused (4xx): the processor has no such charge.
    if (!engineTry) return "unpaid";
    if (Date.now() - open.createdAt.getTime() < inFlightMs()) return "busy";
    // Never reached it: a definite answer, so the reconciliation need not ask about it once replaced.
    await db.paymentAttempt.updateMany({ where: { id: open.id, checkedAt: null }, data: { checkedAt: new Date(), error: "Not received by the processor" } });
    return "unpaid";
  }
  if (charge.status === "success") return settle(open.processor, open.reference, charge);
  if (!engineTry) return "unpaid";
  if (charge.status === "failed") {
    // Its answer was never recorded (a crash, or another run is recording it now): counted once.
    await db.$transaction((tx) =>
      recordFailure(tx, { subscriptionId: s.id, transactionId: t.id, attemptId: open.id, reason: charge.message, retryable: charge.retryable !== false, asOf }),
    );
    return "declined";
  }
  // Still being decided at the processor: never charged again meanwhile.
  return "pending";
}

type ChargePlan = {
  adapter: ProcessorAdapter;
  split: Split | null;
  authorization: string;
  open: OpenTry | null;
  asOf: Date;
};

/** One try: claimed, recorded, charged, and its answer settled or counted. */
async function chargeOnce(s: Due, t: Transaction, plan: ChargePlan): Promise<RenewalOutcome> {
  const claimed = await claimTry(s, t, plan);
  if (!claimed) return "busy";
  const { reference, attemptId } = claimed;
  const begin = performance.now();
  let charge: ChargeDetails;
  try {
    charge = await plan.adapter.chargeSavedCard({
      reference,
      amount: t.amount,
      currency: t.currency,
      email: t.customerEmail,
      authorization: plan.authorization,
      metadata: { merchantId: s.merchantId, transactionId: t.id, subscriptionId: s.id, period: t.subscriptionPeriod },
      split: plan.split,
      asOf: plan.asOf,
    });
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    // The charge may exist (a timeout): the try stays open and the next run asks the processor first.
    log.warn({ reference, processor: s.processor, kind: error.kind }, "renewal charge not answered; asked about at the next run");
    return "error";
  }
  await db.paymentAttempt.update({ where: { id: attemptId }, data: { durationMs: Math.round(performance.now() - begin) } });
  await renewalSeams.afterCharge?.(reference);
  if (charge.status === "success") return settle(s.processor, reference, charge);
  if (charge.status === "failed") {
    await db.$transaction((tx) =>
      recordFailure(tx, {
        subscriptionId: s.id,
        transactionId: t.id,
        attemptId,
        reason: charge.message,
        retryable: charge.retryable !== false,
        asOf: plan.asOf,
      }),
    );
    return "declined";
  }
  return "pending";
}

/**
 * Claims the next try: the transaction's current charge reference when it was never sent (the first
 * try, or a round claimed by a run that stopped before recording it), else a new round. Recorded as
 * the open attempt before the processor is asked; null when another run holds it.
 */
async function claimTry(s: Due, t: Transaction, plan: ChargePlan): Promise<{ reference: string; attemptId: string } | null> {
  let reference = chargeReferenceOf(t);
  if (plan.open) {
    // Only the try this run asked about is replaced: the claim is conditional, so one run wins.
    const next = await claimNextRound(t, plan.open);
    if (!next) return null;
    reference = next.reference;
  } else {
    const recorded = await db.paymentAttempt.findFirst({ where: { transactionId: t.id, reference }, orderBy: { createdAt: "desc" } });
    if (recorded?.outcome === "started" || (recorded && Date.now() - recorded.createdAt.getTime() < inFlightMs())) {
      // A try was recorded since this run looked (another run's, maybe under way): the next run asks about it.
      return null;
    }
    if (recorded) {
      // Its reference was refused outright long ago (no open try is left): the next round replaces it.
      const next = await claimNextRound(t, { id: null, processor: recorded.processor, reference, outcome: "started", subaccountCode: recorded.subaccountCode });
      if (!next) return null;
      await db.paymentAttempt.updateMany({ where: { id: next.replaced.id, checkedAt: null }, data: { checkedAt: new Date() } });
      reference = next.reference;
    }
  }
  try {
    return await db.$transaction(async (tx) => {
      // Charged at the subscription's processor, whatever the customer's pay-now last used; no checkout is open.
      const moved = await tx.transaction.updateMany({
        where: { id: t.id, status: "PENDING", ...whereChargeReference(reference) },
        data: { processor: s.processor, subaccountCode: plan.split?.subaccountCode ?? null, authorizationUrl: null, accessCode: null },
      });
      if (moved.count === 0) return null;
      const attempt = await tx.paymentAttempt.create({
        data: { transactionId: t.id, processor: s.processor, reference, subaccountCode: plan.split?.subaccountCode ?? null, outcome: "started", durationMs: 0 },
      });
      return { reference, attemptId: attempt.id };
    });
  } catch (error) {
    // Another run recorded its try first (one open attempt per transaction).
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** A paid charge settles through its attempt, as a processor's webhook would (one completion, whichever comes first). */
async function settle(processor: Due["processor"], reference: string, charge: ChargeDetails): Promise<RenewalOutcome> {
  const outcome = await db.$transaction(async (tx) => {
    const { transaction, attempt } = await locateCharge(tx, processor, reference);
    return transaction ? settleAttemptCharge(tx, transaction, attempt, charge) : ("ignored" as const);
  });
  if (outcome === "completed" || outcome === "paid_twice") await afterCompletion(reference);
  if (outcome === "mismatch") log.warn({ reference, processor }, "renewal charge does not match its transaction; flagged");
  return outcome === "mismatch" || outcome === "ignored" ? "error" : "paid";
}

/** The saved card cannot be charged: the customer is asked (no charge), and when their time is up, dunning ends. */
async function awaitCustomer(s: Due, t: Transaction, asOf: Date): Promise<RenewalOutcome> {
  if (s.status === "past_due" && s.failedCharges > 0) {
    return (await db.$transaction((tx) => endAfterLastRetryDay(tx, s.id, t.id, asOf))) ? "ended" : "not_due";
  }
  await db.$transaction((tx) =>
    recordFailure(tx, { subscriptionId: s.id, transactionId: t.id, attemptId: null, reason: CARD_UNUSABLE_REASON, retryable: false, asOf }),
  );
  return "waiting";
}

/** The period marked to end has ended: canceled, not charged; a renewal still being tried fails with it. */
async function cancelAtPeriodEnd(subscriptionId: string, asOf: Date): Promise<RenewalOutcome> {
  return db.$transaction(async (tx) => {
    const pending = await tx.transaction.findFirst({
      where: { subscriptionId, status: "PENDING", subscriptionPeriod: { not: null }, cardCheck: false },
      select: { id: true },
    });
    const locked = pending
      ? await lockRenewal(tx, pending.id, subscriptionId)
      : { transaction: null, subscription: await lockSubscription(tx, subscriptionId) };
    const s = locked.subscription;
    if (!s || !DUE_STATUSES.includes(s.status) || !s.cancelAtPeriodEnd || s.currentPeriodEnd > asOf) return "not_due";
    if (locked.transaction) await failRenewal(tx, locked.transaction, "The subscription was canceled");
    await endSubscription(tx, s, "period_end", s.currentPeriodEnd);
    return "canceled";
  });
}
