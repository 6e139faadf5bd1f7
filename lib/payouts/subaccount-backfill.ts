// A processor added to a mode's route (PAYMENT_PROCESSORS changed, app restarted) has no subaccount
// for the merchants whose settlement account was saved before, so a payment that fails over to it
// cannot be split to them (a live one skips it). This job makes the missing ones: it runs as the
// workers start and every hour, queues one job per merchant that lacks one (keyed by it), and each
// job makes them through the same save and the same per-merchant lock as saving the account, paced
// per processor and mode like the settlement reads (lib/processors/throttle.ts). Idempotent: a
// merchant with every subaccount is never queued, and one made meanwhile is not made again.
import { db } from "@/lib/db/client";
import { forEachRow, keysetPages, queuePerRow } from "@/lib/jobs/fan-out";
import { ApiError } from "@/lib/api/errors";
import { log } from "@/lib/log";
import type { Environment } from "@/lib/db/generated/enums";
import { backgroundGate } from "@/lib/processors";
import { withMerchantProcessorLock } from "@/lib/processors/merchant-lock";
import { ProcessorError, type ProcessorAdapter } from "@/lib/processors/types";
import { configuredRoute, MODES } from "./processors";
import { addMissingSubaccount } from "./subaccounts";

/** Merchants read from the database at a time (keyset pagination). */
const PAGE_SIZE = 1000;
/** Merchants backfilled at once by the in-process run; the processors' own pace is the throttle's. */
const IN_PROCESS_CONCURRENCY = 8;

export type BackfillResult = { merchants: number; created: number; errors: number };

type Place = { processor: ProcessorAdapter; environment: Environment };

/** Where every settlement account needs a subaccount: each processor of each mode's route. */
function places(): Place[] {
  return MODES.flatMap((environment) => configuredRoute(environment).map((processor) => ({ processor, environment })));
}

/** Merchants with a settlement account and no subaccount at one of `wanted`, a page at a time in id order. */
function merchantsMissing(wanted: Place[]) {
  const missingOne = wanted.map(({ processor, environment }) => ({ merchant: { subaccounts: { none: { processor: processor.name, environment } } } }));
  return keysetPages(PAGE_SIZE, "merchantId", async (after) =>
    wanted.length === 0
      ? []
      : db.settlementAccount.findMany({
          where: { OR: missingOne, ...(after ? { merchantId: { gt: after } } : {}) },
          orderBy: { merchantId: "asc" },
          take: PAGE_SIZE,
          select: { merchantId: true },
        }),
  );
}

/**
 * The start and hourly run: one backfill-merchant-subaccounts job per merchant missing a subaccount
 * (singleton key = merchant, so a run while they wait queues none again). Answers how many it queued.
 */
export async function queueSubaccountBackfill(): Promise<number> {
  return queuePerRow(merchantsMissing(places()), "backfillMerchantSubaccounts", ({ merchantId }) => ({ data: { merchantId }, singletonKey: merchantId }));
}

/** Backfills every merchant now, in this process (a few at once): tests and the operator. */
export async function backfillSubaccounts(): Promise<BackfillResult> {
  const result = emptyResult();
  const wanted = places();
  await forEachRow(merchantsMissing(wanted), IN_PROCESS_CONCURRENCY, ({ merchantId }) => backfillMerchant(merchantId, wanted, result));
  return result;
}

/** One merchant's missing subaccounts, adding to `result`; a processor that fails is counted, the others still go ahead. */
export function backfillMerchantSubaccounts(merchantId: string, result: BackfillResult = emptyResult()): Promise<BackfillResult> {
  return backfillMerchant(merchantId, places(), result);
}

async function backfillMerchant(merchantId: string, wanted: Place[], result: BackfillResult): Promise<BackfillResult> {
  result.merchants++;
  const have = await db.processorSubaccount.findMany({ where: { merchantId }, select: { processor: true, environment: true } });
  const missing = wanted.filter(({ processor, environment }) => !have.some((sub) => sub.processor === processor.name && sub.environment === environment));
  for (const { processor, environment } of missing) {
    const context = { merchantId, processor: processor.name, environment };
    try {
      // The pace first (a 429 pauses it and tries again), then the merchant's turn, which looks again.
      const code = await backgroundGate(
        processor.name,
        environment,
      )(() => withMerchantProcessorLock(merchantId, (lock) => addMissingSubaccount(lock, merchantId, processor, environment)));
      if (!code) continue;
      result.created++;
      log.info(context, "subaccount backfilled at a processor added to the route");
    } catch (error) {
      // The processor failed, or a change to this merchant's account held its turn past the budget (409).
      if (!(error instanceof ProcessorError) && !(error instanceof ApiError)) throw error;
      result.errors++;
      log.warn({ ...context, kind: error instanceof ProcessorError ? error.kind : "busy" }, "could not backfill a subaccount; the next run tries again");
    }
  }
  return result;
}

const emptyResult = (): BackfillResult => ({ merchants: 0, created: 0, errors: 0 });
