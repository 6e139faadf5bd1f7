// Every change that reaches a processor for one merchant (its subaccounts: where its money goes)
// takes its turn (lib/db/turn-lock.ts): one database transaction per merchant holds the lock across
// the whole change, the processor's calls included, so what the processor holds and what our rows
// say are decided in the same order. Holding a connection during processor calls is acceptable for
// this rare, owner-only action, and it is bounded by PROCESSOR_TIMEOUT_MS.
import { config } from "@/lib/config";
import { withTurnLock, type Turn } from "@/lib/db/turn-lock";

/** Processor calls one change may make: per mode (test and live), a lookup and the save. */
const CALLS_PER_CHANGE = 4;

export type MerchantProcessorLock = Turn;

export function withMerchantProcessorLock<T>(merchantId: string, work: (lock: MerchantProcessorLock) => Promise<T>): Promise<T> {
  return withTurnLock(
    `paylink:merchant-processor:${merchantId}`,
    {
      budgetMs: config().PROCESSOR_TIMEOUT_MS * CALLS_PER_CHANGE,
      busyMessage: "Another change to this business's payout settings is under way. Try again in a moment.",
    },
    work,
  );
}
