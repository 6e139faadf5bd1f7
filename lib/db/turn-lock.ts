// Work that holds a database transaction across processor calls takes its turn per key: a
// PostgreSQL advisory lock held by that transaction, so the lock is released only when the work is
// done. Waiting is not done on a connection: a turn that finds the lock taken gives its connection
// back and tries again, so many waiting turns never drain the pool; after the budget it gives up (409).
import { setTimeout as sleep } from "node:timers/promises";
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";

const RETRY_MS = 100;
const NOT_YET = Symbol("not yet");

export type Turn = {
  /** The transaction that holds the lock: the work's rows are written through it. */
  tx: Tx;
  /** The time by which the work must be done; start no processor call that could outlive it. */
  deadline: number;
};

/**
 * Runs `work` holding the advisory lock `key`, trying for at most `budgetMs`; then a 409 with
 * `busyMessage`. The transaction outlives the work's budget, so the lock is never released while a
 * processor call is under way.
 */
export async function withTurnLock<T>(key: string, options: { budgetMs: number; busyMessage: string }, work: (turn: Turn) => Promise<T>): Promise<T> {
  const { budgetMs, busyMessage } = options;
  const giveUpAt = Date.now() + budgetMs;
  for (;;) {
    const result = await db.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) AS locked`;
        if (!row?.locked) return NOT_YET;
        return { value: await work({ tx, deadline: Date.now() + budgetMs }) };
      },
      { maxWait: 5_000, timeout: budgetMs + 5_000 },
    );
    if (result !== NOT_YET) return result.value;
    if (Date.now() >= giveUpAt) throw ApiError.conflict(busyMessage);
    await sleep(RETRY_MS + Math.floor(Math.random() * RETRY_MS));
  }
}
