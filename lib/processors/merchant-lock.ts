// Every change that reaches a processor for one merchant (its subaccounts: where its money goes)
// takes its turn: a PostgreSQL advisory lock per merchant, held by one database transaction across
// the whole change, the processor's calls included, so what the processor holds and what our rows
// say are decided in the same order. Holding a connection during processor calls is acceptable for
// this rare, owner-only action, and it is bounded by PROCESSOR_TIMEOUT_MS: the wait for the lock,
// and the work under it.
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";

/** Processor calls one change may make: per mode (test and live), a lookup and the save. */
const CALLS_PER_CHANGE = 4;

export type MerchantProcessorLock = {
  /** The transaction that holds the lock: our rows are written through it. */
  tx: Tx;
  /** The time by which the work must be done; start no processor call that could outlive it. */
  deadline: number;
};

export async function withMerchantProcessorLock<T>(merchantId: string, work: (lock: MerchantProcessorLock) => Promise<T>): Promise<T> {
  const budgetMs = config().PROCESSOR_TIMEOUT_MS * CALLS_PER_CHANGE;
  try {
    return await db.$transaction(
      async (tx) => {
        // Wait at most one change's budget for the one ahead, then give up (409) rather than queue for ever.
        await tx.$executeRaw`SELECT set_config('lock_timeout', ${String(budgetMs)}, true)`;
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`paylink:merchant-processor:${merchantId}`}, 0))`;
        return work({ tx, deadline: Date.now() + budgetMs });
      },
      // Outlives the wait and the work, so the lock is never released while a processor call is under way.
      { maxWait: 5_000, timeout: 2 * budgetMs + 5_000 },
    );
  } catch (error) {
    if (isLockTimeout(error)) throw ApiError.conflict("Another change to this business's payout settings is under way. Try again in a moment.");
    throw error;
  }
}

/** SQLSTATE 55P03 (lock_not_available), as Prisma or its pg adapter report it. */
function isLockTimeout(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } } };
  return (
    e?.code === "55P03" ||
    e?.meta?.code === "55P03" ||
    e?.meta?.driverAdapterError?.cause?.originalCode === "55P03" ||
    (typeof e?.message === "string" && e.message.includes("lock timeout"))
  );
}
