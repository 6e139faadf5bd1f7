// Reconciliation: ask the processor about transactions still PENDING and settle them from its
// answer (a verification, never a guess). One the processor still reports open once its checkout
// expired (CHECKOUT_HOLD_MS, the hold on the link's or invoice's slot) becomes ABANDONED. Each
// pass also retries automatic refunds that could not be issued at once.
import { db } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { getProcessor } from "@/lib/processors";
import { ProcessorError, type ChargeDetails } from "@/lib/processors/types";
import { abandonTransaction, settleTransaction, type SettleOutcome } from "./settle";
import { CHECKOUT_HOLD_MS } from "./holds";
import { issueDueRefunds } from "./auto-refunds";
import { afterCompletion } from "./completion";

export const RECONCILE_AFTER_MS = 10 * 60 * 1000;
/** An ABANDONED checkout is asked about once more a day after it began, in case a late payment's webhook was lost. */
export const RECHECK_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

export async function reconcileTransaction(transaction: Transaction, now = new Date()): Promise<SettleOutcome | "error"> {
  let charge: ChargeDetails;
  try {
    charge = await getProcessor(transaction.processor, transaction.environment).verify(transaction.reference, transaction.processorReference);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    log.warn({ reference: transaction.reference, kind: error.kind }, "reconciliation could not verify");
    return "error";
  }
  const expired = now.getTime() - transaction.createdAt.getTime() > CHECKOUT_HOLD_MS;
  // Still open at the processor after the checkout expired: the customer walked away.
  const outcome = await db.$transaction((tx) =>
    charge.status === "pending" && expired
      ? abandonTransaction(tx, transaction, "Abandoned: not paid within 30 minutes of checkout")
      : settleTransaction(tx, transaction, charge),
  );
  if (outcome === "completed") await afterCompletion(transaction.reference);
  return outcome;
}

/**
 * An initiation cut short between storing the payment and storing the processor's answer (the
 * database went away, the process died) never gave anyone a URL to pay at, so it cannot be paid:
 * after RECONCILE_AFTER_MS it is FAILED rather than left PENDING for ever.
 */
export async function failUnstartedPayments(now = new Date()): Promise<number> {
  const { count } = await db.transaction.updateMany({
    where: { status: "PENDING", authorizationUrl: null, createdAt: { lt: new Date(now.getTime() - RECONCILE_AFTER_MS) } },
    data: { status: "FAILED", failureReason: "Initialization did not complete" },
  });
  return count;
}

/** One pass over PENDING transactions older than RECONCILE_AFTER_MS, oldest first. */
export async function reconcilePending(options: { limit?: number; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const unstarted = await failUnstartedPayments(now);
  const pending = await db.transaction.findMany({
    where: { status: "PENDING", createdAt: { lt: new Date(now.getTime() - RECONCILE_AFTER_MS) }, authorizationUrl: { not: null } },
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
