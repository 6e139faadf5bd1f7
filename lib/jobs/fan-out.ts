// Work fanned out over many rows (the payout sync, the subaccount check and backfill, renewals): the
// rows are read a page at a time in key order, never one query for all of them. The cron run queues
// one job per row, so a failure retries that row alone; the in-process run (tests, the dev clock, the
// operator) does the same work a few rows at once.
import PQueue from "p-queue";
import { insertJobs } from "./boss";
import type { JobKey, JobPayload } from "./registry";

/**
 * The rows `read` answers, a page of `pageSize` at a time in `key` order (keyset pagination): `read`
 * gets the last row's key of the page before (undefined for the first), and answers the next page.
 */
export async function* keysetPages<K extends string, T extends Record<K, string>>(
  pageSize: number,
  key: K,
  read: (after: string | undefined) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after: string | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)![key];
  }
}

/** One `key` job per row, as `job` describes it (its singleton key keeps a second run from queueing it again); answers how many rows. */
export async function queuePerRow<K extends JobKey, T>(
  pages: AsyncIterable<T[]>,
  key: K,
  job: (row: T) => { data: JobPayload<K>; singletonKey: string },
): Promise<number> {
  let rows = 0;
  for await (const page of pages) {
    await insertJobs(key, page.map(job));
    rows += page.length;
  }
  return rows;
}

/** `work` on every row, in this process, `concurrency` rows at once. */
export async function forEachRow<T>(pages: AsyncIterable<T[]>, concurrency: number, work: (row: T) => Promise<unknown>): Promise<void> {
  const queue = new PQueue({ concurrency });
  for await (const page of pages) await queue.addAll(page.map((row) => () => work(row)));
}
