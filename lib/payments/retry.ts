// "Try again" on a payment whose checkout the customer left unpaid (its receipt page while PENDING):
// the open checkout is verified with its processor first, and if it was paid that payment stands and
// no new checkout opens. Otherwise it is superseded and a new round starts on the route, with its own
// reference (attempts.ts), so a processor that went down mid-checkout is simply passed over. A late
// payment at the replaced checkout is settled by attempt-settlement.ts: it stands, or is refunded.
import { db } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/api/errors";
import { getProcessor, processorRoute } from "@/lib/processors";
import { usableProcessors } from "@/lib/processors/breaker";
import { ProcessorError, type ProcessorName } from "@/lib/processors/types";
import { attemptReference, chargeReferenceOf, roundOf, startCheckout, type ChargeAttempt } from "./attempts";
import { settleAttemptCharge } from "./attempt-settlement";
import { afterCompletion } from "./completion";
import { CHANNEL_VALUES, type Channel } from "./channels";
import { receiptUrl } from "./receipt";

export type RetryResult = { redirectTo: string } | { error: string };

export const RETRY_FAILED_MESSAGE = "We could not open a new checkout just now. Your first checkout is still open; please try again in a moment.";

/**
 * A subscription's renewal: charged on the saved card, so it has no checkout until its customer asks
 * to pay it themselves ("Pay now" on /billing), by card or bank transfer.
 */
const isRenewal = (t: Transaction) => t.subscriptionId !== null && t.subscriptionPeriod !== null && !t.cardCheck;

/** Null when there is no such payment. `channel`: how the customer chose to pay this time (else as before). */
export async function retryPayment(reference: string, { channel }: { channel?: Channel } = {}): Promise<RetryResult | null> {
  const transaction = await db.transaction.findUnique({ where: { reference } });
  if (!transaction) return null;
  const receipt = { redirectTo: `/receipt/${encodeURIComponent(transaction.reference)}` };
  if (transaction.status !== "PENDING" || !(transaction.authorizationUrl || isRenewal(transaction))) return receipt;

  const open = await openAttempt(transaction);
  if (await paidAlready(transaction, open)) return receipt;

  const claimed = await claimNextRound(transaction, open);
  if (!claimed) return receipt; // another "Try again" (or a settlement) got there first
  const { round, reference: next, replaced } = claimed;

  const charge = {
    reference: next,
    amount: transaction.amount,
    currency: transaction.currency,
    email: transaction.customerEmail,
    customerName: transaction.customerName,
    // A renewal was made by the renewal job, with no page to come back to: its receipt.
    callbackUrl: transaction.callbackUrl ?? receiptUrl(transaction.reference),
    channel: channel ?? CHANNEL_VALUES.find((value) => value === transaction.channel) ?? null,
    metadata: { ...metadataOf(transaction), merchantId: transaction.merchantId, transactionId: transaction.id },
    split: null,
  };
  try {
    const route = await usableProcessors(transaction.environment, processorRoute(transaction.environment));
    const checkout = await startCheckout({ ...transaction, chargeReference: next }, route, charge, round);
    return { redirectTo: checkout.authorizationUrl };
  } catch (error) {
    await reopen(transaction, replaced, next);
    if (!(error instanceof ApiError)) throw error;
    return { error: RETRY_FAILED_MESSAGE };
  }
}

export type OpenAttempt = Omit<ChargeAttempt, "id"> & { id: string | null };
export type ReplacedAttempt = { id: string; processor: ProcessorName; subaccountCode: string | null };

/** The open checkout: its attempt row, or (a payment started before attempts were recorded) the transaction's own charge. */
export async function openAttempt(t: Transaction): Promise<OpenAttempt> {
  const row = await db.paymentAttempt.findFirst({
    where: { transactionId: t.id, outcome: "started" },
    select: { id: true, processor: true, reference: true, outcome: true, subaccountCode: true },
  });
  return row ?? { id: null, processor: t.processor, reference: chargeReferenceOf(t), outcome: "started", subaccountCode: t.subaccountCode };
}

/** Asks the open checkout's processor first; a paid one is settled (it stands). Unreachable: we cannot tell, so a new checkout opens. */
async function paidAlready(t: Transaction, open: OpenAttempt): Promise<boolean> {
  let charge;
  try {
    charge = await getProcessor(open.processor, t.environment).verify(open.reference, t.processorReference);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    log.warn({ reference: open.reference, processor: open.processor, kind: error.kind }, "try again: could not verify the open checkout; opening a new one");
    return false;
  }
  if (charge.status !== "success") return false;
  const outcome = await db.$transaction((tx) => settleAttemptCharge(tx, t, open.id ? { ...open, id: open.id } : null, charge));
  if (outcome === "completed" || outcome === "paid_twice") await afterCompletion(open.reference);
  return true;
}

/**
 * Starts the next round of a PENDING transaction's payment (a "Try again", or a subscription's retry):
 * claimed by moving the transaction's charge on to the round's reference, so only one claim wins and
 * a settlement of the replaced attempt racing it no longer matches (settle.ts); the open attempt is
 * superseded. Null when the claim was lost. If the round then cannot start, `reopen` undoes it.
 */
export async function claimNextRound(t: Transaction, open: OpenAttempt): Promise<{ round: number; reference: string; replaced: ReplacedAttempt } | null> {
  const rounds = await db.paymentAttempt.findMany({ where: { transactionId: t.id }, select: { reference: true } });
  const round = 1 + Math.max(1, ...rounds.map((attempt) => roundOf(t.reference, attempt.reference)));
  const reference = attemptReference(t.reference, round);
  const replaced = await supersede(t, open, reference);
  return replaced ? { round, reference, replaced } : null;
}

async function supersede(t: Transaction, open: OpenAttempt, next: string): Promise<ReplacedAttempt | null> {
  return db.$transaction(async (tx) => {
    const moved = await tx.transaction.updateMany({
      where: { id: t.id, status: "PENDING", chargeReference: t.chargeReference },
      data: { chargeReference: next },
    });
    if (moved.count === 0) return null;
    const attempt = open.id
      ? await tx.paymentAttempt.update({ where: { id: open.id }, data: { outcome: "superseded" } })
      : await tx.paymentAttempt.create({
          data: {
            transactionId: t.id,
            processor: open.processor,
            reference: open.reference,
            subaccountCode: open.subaccountCode,
            outcome: "superseded",
            durationMs: 0,
          },
        });
    return { id: attempt.id, processor: open.processor, subaccountCode: open.subaccountCode };
  });
}

/** No processor could open the new round: the replaced checkout is the open one again, unless it was settled meanwhile. */
export async function reopen(t: Transaction, replaced: ReplacedAttempt, next: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const back = await tx.transaction.updateMany({
      where: { id: t.id, status: "PENDING", chargeReference: next },
      data: { chargeReference: t.chargeReference, processor: replaced.processor, subaccountCode: replaced.subaccountCode },
    });
    if (back.count === 1) await tx.paymentAttempt.updateMany({ where: { id: replaced.id, outcome: "superseded" }, data: { outcome: "started" } });
  });
}

function metadataOf(t: Transaction): Record<string, unknown> {
  return t.metadata && typeof t.metadata === "object" && !Array.isArray(t.metadata) ? (t.metadata as Record<string, unknown>) : {};
}
