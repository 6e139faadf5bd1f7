import type { TransactionStatus } from "@/lib/db/generated/enums";

// The one state machine for transactions. COMPLETED never goes back; REFUNDED may take further
// partial refunds until the whole amount is refunded. ABANDONED (unpaid at the processor past the
// checkout's expiry) may still complete: the customer can pay late, and money received is never lost.
export const TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  PENDING: ["COMPLETED", "FAILED", "CANCELLED", "ABANDONED"],
  ABANDONED: ["COMPLETED"],
  COMPLETED: ["REFUNDED"],
  REFUNDED: ["REFUNDED"],
  FAILED: [],
  CANCELLED: [],
};

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses a transaction may be in for a move to `to` (for conditional updates). */
export function sourcesOf(to: TransactionStatus): TransactionStatus[] {
  return (Object.keys(TRANSITIONS) as TransactionStatus[]).filter((from) => canTransition(from, to));
}
