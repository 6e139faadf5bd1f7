// Reconciliation: ask the processor about transactions still PENDING and settle them from its
// answer (a verification, never a guess). One the processor still reports open once its checkout
// expired (CHECKOUT_HOLD_MS, the hold on the link's or invoice's slot) becomes ABANDONED. Each
// pass also retries automatic refunds that could not be issued at once.
import { db } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { getProcessor } from "@/lib/processors";
import { ProcessorError, type ChargeDetails } from "@/lib/processors/types";
import { abandonTransaction, type SettleOutcome } from "./settle";
import { settleAttemptCharge } from "./attempt-settlement";
import { chargeReferenceOf, locateCharge } from "./attempts";
import { CHECKOUT_HOLD_MS } from "./holds";
import { issueDueRefunds } from "./auto-refunds";
import { afterCompletion } from "./completion";
import { isRenewal } from "@/lib/subscriptions/periods";

export const RECONCILE_AFTER_MS = 10 * 60 * 1000;
/**
 * Renewals (the only PENDING transactions with a period, lib/subscriptions/periods.ts) are the
 * renewal engine's: it verifies each try before the next, and they never expire or fail here.
 */
const NOT_A_RENEWAL = { subscriptionPeriod: null } as const;
/** An ABANDONED checkout is asked about once more a day after it began, in case a late payment's webhook was lost. */
export const RECHECK_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

export async function reconcileTransaction(transaction: Transaction, now = new Date()): Promise<SettleOutcome | "error"> {
  const reference = chargeReferenceOf(transaction);
  let charge: ChargeDetails;
  try {
    charge = await getProcessor(transaction.processor, transaction.environment).verify(reference, transaction.processorReference);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    log.warn({ reference: transaction.reference, kind: error.kind }, "reconciliation could not verify");
    return "error";
  }
  const expired = now.getTime() - transaction.createdAt.getTime() > CHECKOUT_HOLD_MS;
  // Still open at the processor after the checkout expired: the customer walked away.
  const outcome = await db.$transaction(async (tx) => {
    if (charge.status === "pending" && expired && !isRenewal(transaction))
      return abandonTransaction(tx, transaction, "Abandoned: not paid within 30 minutes of checkout");
    // Through its attempt, as read now: a "Try again" may have replaced it since (attempt-settlement.ts).
    const { attempt } = await locateCharge(tx, transaction.processor, reference);
    return settleAttemptCharge(tx, transaction, attempt, charge);
  });
  if (outcome === "completed" || outcome === "paid_twice") await afterCompletion(reference);
  return outcome;
}

/**
 * Replaced checkouts ("Try again", retry.ts) once they have expired: each is asked about once, so
 * money paid at one whose webhook was lost is never lost either (it stands, or is refunded as a
 * second payment). One that cannot be asked now is asked again next pass.
 */
async function checkSupersededAttempts(now: Date, limit: number): Promise<Record<string, number>> {
  const due = await db.paymentAttempt.findMany({
    where: { outcome: "superseded", checkedAt: null, createdAt: { lt: new Date(now.getTime() - CHECKOUT_HOLD_MS) } },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true, processor: true, reference: true, outcome: true, subaccountCode: true, transaction: true },
  });
  const counts: Record<string, number> = {};
  for (const { transaction, ...attempt } of due) {
    let outcome: SettleOutcome | "error";
    try {
      const charge = await getProcessor(attempt.processor, transaction.environment).verify(attempt.reference, null);
      outcome = await db.$transaction(async (tx) => {
        const settled = await settleAttemptCharge(tx, transaction, attempt, charge);
        await tx.paymentAttempt.update({ where: { id: attempt.id }, data: { checkedAt: now } });
        return settled;
      });
      if (outcome === "completed" || outcome === "paid_twice") await afterCompletion(attempt.reference);
    } catch (error) {
      if (!(error instanceof ProcessorError)) throw error;
      log.warn({ reference: attempt.reference, processor: attempt.processor, kind: error.kind }, "reconciliation could not verify a replaced checkout");
      outcome = "error";
    }
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

/**
 * An initiation cut short between storing the payment and storing the processor's answer (the
 * database went away, the process died) never gave anyone a URL to pay at, so it cannot be paid:
 * after RECONCILE_AFTER_MS it is FAILED rather than left PENDING for ever.
 */
export async function failUnstartedPayments(now = new Date()): Promise<number> {
  const { count } = await db.transaction.updateMany({
    where: { status: "PENDING", authorizationUrl: null, ...NOT_A_RENEWAL, createdAt: { lt: new Date(now.getTime() - RECONCILE_AFTER_MS) } },
    data: { status: "FAILED", failureReason: "Initialization did not complete" },
  });
  return count;
}

/** One pass over PENDING transactions older than RECONCILE_AFTER_MS, oldest first. */
export async function reconcilePending(options: { limit?: number; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const unstarted = await failUnstartedPayments(now);
  const pending = await db.transaction.findMany({
    where: { status: "PENDING", createdAt: { lt: new Date(now.getTime() - RECONCILE_AFTER_MS) }, authorizationUrl: { not: null }, ...NOT_A_RENEWAL },
    orderBy: { createdAt: "asc" },
    take: options.limit ?? 200,
  });
  const counts: Record<string, number> = {};
  for (const transaction of pending) {
    const outcome = await reconcileTransaction(transaction, now);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  if (unstarted > 0) counts.unstarted = unstarted;
  const rechecked = await recheckAbandoned(now, options.limit ?? 200);
  for (const [outcome, n] of Object.entries(rechecked)) counts[`abandoned_recheck_${outcome}`] = n;
  const replaced = await checkSupersededAttempts(now, options.limit ?? 200);
  for (const [outcome, n] of Object.entries(replaced)) counts[`replaced_checkout_${outcome}`] = n;
  // Also the sweep for automatic refunds whose first attempt failed.
  await issueDueRefunds();
  return { checked: pending.length, outcomes: counts };
}

/**
 * ABANDONED checkouts a day old that were not checked again yet (still last changed within their
 * first day): verify each once more, so money paid late is never lost to a missed webhook. A paid
 * one completes (ABANDONED -> COMPLETED); any other answer marks it checked (updatedAt) for good.
 */
async function recheckAbandoned(now: Date, limit: number): Promise<Record<string, number>> {
  const cutoff = new Date(now.getTime() - RECHECK_ABANDONED_AFTER_MS);
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Transaction"
    WHERE status = 'ABANDONED' AND "createdAt" < ${cutoff} AND "updatedAt" < "createdAt" + ${RECHECK_ABANDONED_AFTER_MS} * interval '1 millisecond'
    ORDER BY "createdAt" LIMIT ${limit}`;
  const counts: Record<string, number> = {};
  if (due.length === 0) return counts;
  for (const transaction of await db.transaction.findMany({ where: { id: { in: due.map((r) => r.id) } } })) {
    const outcome = await reconcileTransaction(transaction, now);
    // Unreachable: asked again next pass. Otherwise checked: never asked again.
    if (outcome !== "completed" && outcome !== "error")
      await db.transaction.updateMany({ where: { id: transaction.id, status: "ABANDONED" }, data: { updatedAt: now } });
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}
