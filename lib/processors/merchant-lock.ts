// Every change that reaches a processor for one merchant (its subaccounts: where its money goes)
// takes its turn: a PostgreSQL advisory lock per merchant, held by one database transaction across
// the whole change, the processor's calls included, so what the processor holds and what our rows
// say are decided in the same order. Holding a connection during processor calls is acceptable for
// this rare, owner-only action, and it is bounded by PROCESSOR_TIMEOUT_MS. Waiting is not done on a
// connection: a change that finds the lock taken gives its connection back and tries again, so many
// waiting changes never drain the pool; after the budget it gives up (409).
import { setTimeout as sleep } from "node:timers/promises";
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";

/** Processor calls one change may make: per mode (test and live), a lookup and the save. */
const CALLS_PER_CHANGE = 4;
const RETRY_MS = 100;

export type MerchantProcessorLock = {
  /** The transaction that holds the lock: our rows are written through it. */
  tx: Tx;
  /** The time by which the work must be done; start no processor call that could outlive it. */
  deadline: number;
};

const NOT_YET = Symbol("not yet");

export async function withMerchantProcessorLock<T>(merchantId: string, work: (lock: MerchantProcessorLock) => Promise<T>): Promise<T> {
  const budgetMs = config().PROCESSOR_TIMEOUT_MS * CALLS_PER_CHANGE;
  const giveUpAt = Date.now() + budgetMs;
  for (;;) {
    const result = await db.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<{ locked: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(hashtextextended(${`paylink:merchant-processor:${merchantId}`}, 0)) AS locked`;
        if (!row?.locked) return NOT_YET;
        return { value: await work({ tx, deadline: Date.now() + budgetMs }) };
      },
      // Outlives the work, so the lock is never released while a processor call is under way.
      { maxWait: 5_000, timeout: budgetMs + 5_000 },
    );
    if (result !== NOT_YET) return result.value;
    if (Date.now() >= giveUpAt) throw ApiError.conflict("Another change to this business's payout settings is under way. Try again in a moment.");
    await sleep(RETRY_MS + Math.floor(Math.random() * RETRY_MS));
  }
}
