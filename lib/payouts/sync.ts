// The daily payout job, fanned out. The cron run (queuePayoutSync) pages through the subaccounts and
// queues one job per subaccount; each job (syncSubaccount) reads that subaccount's settlements back
// from its processor (the sandbox included, through the same code) and records them as payouts, so
// pg-boss retries a failed subaccount alone. syncPayouts runs the same per-subaccount work in-process
// over every subaccount (the dev trigger, tests). Idempotent: a settlement is one row however often
// it is read, and `payout.paid` is recorded once, in the same database transaction as the move to paid.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { Environment } from "@/lib/db/generated/enums";
import type { ProcessorSubaccount } from "@/lib/db/generated/client";
import { forEachRow, keysetPages, queuePerRow } from "@/lib/jobs/fan-out";
import { getProcessor } from "@/lib/processors";
import { ProcessorError, type Settlement } from "@/lib/processors/types";
import { recordEvent } from "@/lib/webhooks/outbox";
import { toPayoutResponse } from "./serializers";

/** How far back each run looks: settlements can change status for a few days. */
const LOOKBACK_MS = 14 * 24 * 60 * 60 * 1000;
/** Subaccounts read from the database at a time (keyset pagination). */
const PAGE_SIZE = 1000;
/** Subaccounts synced at once by the in-process run; the processors' own pace is the throttle's. */
const IN_PROCESS_CONCURRENCY = 8;

export type SyncResult = { subaccounts: number; payouts: number; paid: number; errors: number };

/** Every subaccount, a page at a time in id order. */
const subaccountPages = () =>
  keysetPages(PAGE_SIZE, "id", (after) =>
    db.processorSubaccount.findMany({ where: after ? { id: { gt: after } } : {}, orderBy: { id: "asc" }, take: PAGE_SIZE, select: { id: true } }),
  );

/**
 * The cron run: one job per subaccount. The singleton key is the subaccount, and the queue keeps at
 * most one waiting per key, so a second run while the first's jobs still wait queues nothing new.
 * Answers how many subaccounts it saw.
 */
export async function queuePayoutSync(options: { asOf?: Date } = {}): Promise<number> {
  const asOf = (options.asOf ?? new Date()).toISOString();
  return queuePerRow(subaccountPages(), "syncSubaccountPayouts", ({ id }) => ({ data: { subaccountId: id, asOf }, singletonKey: id }));
}

/** Runs the whole sync now, in this process, over every subaccount (a few at once). */
export async function syncPayouts(options: { asOf?: Date } = {}): Promise<SyncResult> {
  const asOf = options.asOf ?? new Date();
  const result: SyncResult = { subaccounts: 0, payouts: 0, paid: 0, errors: 0 };
  await forEachRow(subaccountPages(), IN_PROCESS_CONCURRENCY, async ({ id }) => {
    result.subaccounts++;
    try {
      const done = await syncSubaccount(id, asOf);
      result.payouts += done.payouts;
      result.paid += done.paid;
    } catch (error) {
      // One processor being down never stops the others; the next run reads it again.
      if (!(error instanceof ProcessorError)) throw error;
      result.errors++;
    }
  });
  return result;
}

/**
 * One subaccount: its settlements since the look-back, each recorded as a payout. A processor
 * failure is logged and thrown, so the job that runs it is retried (alone).
 */
export async function syncSubaccount(subaccountId: string, asOf: Date): Promise<{ payouts: number; paid: number }> {
  const sub = await db.processorSubaccount.findUnique({ where: { id: subaccountId } });
  if (!sub) return { payouts: 0, paid: 0 }; // removed since it was queued
  let settlements: Settlement[];
  try {
    const processor = getProcessor(sub.processor, sub.environment);
    settlements = await processor.listSettlements(sub.code, { from: new Date(asOf.getTime() - LOOKBACK_MS), asOf });
  } catch (error) {
    if (error instanceof ProcessorError) {
      log.warn({ processor: sub.processor, environment: sub.environment, subaccountId, kind: error.kind }, "could not read settlements");
    }
    throw error;
  }
  let paid = 0;
  for (const settlement of settlements) if (await recordSettlement(sub, settlement)) paid++;
  return { payouts: settlements.length, paid };
}

/**
 * Upserts one settlement as a payout and links its transactions; true when it has just become paid.
 * The account is the one the processor says it paid (null where it does not say), never our own
 * settlement account: the merchant may have changed that since. It is kept once known.
 */
async function recordSettlement(sub: ProcessorSubaccount, s: Settlement): Promise<boolean> {
  return db.$transaction(async (tx) => {
    // Two runs reading the same settlement at once take turns, so payout.paid is recorded once.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`payout:${sub.processor}:${sub.environment}:${s.externalId}`}, 0))`;
    const key = { processor_environment_externalId: { processor: sub.processor, environment: sub.environment, externalId: s.externalId } };
    const before = await tx.payout.findUnique({ where: key, select: { status: true, bankName: true, accountNumberLast4: true } });
    const fields = { status: s.status, amount: s.amount, fees: s.fees, grossAmount: s.grossAmount, currency: s.currency.toUpperCase(), settledAt: s.settledAt };
    const account = { bankName: before?.bankName ?? s.paidTo.bankName, accountNumberLast4: before?.accountNumberLast4 ?? s.paidTo.accountNumberLast4 };
    const payout = await tx.payout.upsert({
      where: key,
      create: {
        merchantId: sub.merchantId,
        environment: sub.environment as Environment,
        processor: sub.processor,
        externalId: s.externalId,
        ...fields,
        ...account,
      },
      update: { ...fields, ...account },
    });
    if (s.transactionReferences.length > 0) {
      await tx.transaction.updateMany({
        // A settlement names charges by the reference the processor was sent (a later round's is its own, lib/payments/attempts.ts).
        where: {
          merchantId: sub.merchantId,
          environment: sub.environment,
          processor: sub.processor,
          OR: [{ chargeReference: { in: s.transactionReferences } }, { chargeReference: null, reference: { in: s.transactionReferences } }],
        },
        data: { payoutId: payout.id },
      });
    }
    const becamePaid = s.status === "paid" && before?.status !== "paid";
    if (becamePaid) {
      await recordEvent(tx, {
        merchantId: payout.merchantId,
        environment: payout.environment,
        type: "payout.paid",
        data: { ...toPayoutResponse(payout), transactionReferences: s.transactionReferences },
      });
    }
    return becamePaid;
  });
}
