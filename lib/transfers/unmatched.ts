// Transfers that settled nothing, for the platform's operators (`npm run ops -- unmatched-transfers`):
// money the processor says arrived for an account number we do not know, or signed for the other mode
// than its account's. Never on /api/health or any merchant's view: nobody's money until a human decides.
import { db } from "@/lib/db/client";
import { UNMATCHED_TRANSFER_OUTCOMES } from "./inbound";

export type UnmatchedTransfer = {
  id: string;
  receivedAt: Date;
  processor: string;
  outcome: string;
  eventType: string;
  externalId: string;
  /** What the stored body says, where it says it (Paystack-shaped and Flutterwave-shaped bodies). */
  reference: string | null;
  amount: string | null;
  accountNumber: string | null;
};

export async function listUnmatchedTransfers(limit = 100): Promise<UnmatchedTransfer[]> {
  const rows = await db.processorEvent.findMany({
    where: { outcome: { in: [...UNMATCHED_TRANSFER_OUTCOMES] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((row) => {
    const data = record(record(row.payload).data);
    const authorization = record(data.authorization);
    return {
      id: row.id,
      receivedAt: row.createdAt,
      processor: row.processor,
      outcome: row.outcome,
      eventType: row.eventType,
      externalId: row.externalId,
      reference: word(data.reference ?? data.tx_ref ?? data.flw_ref),
      amount: word(data.amount),
      accountNumber: word(authorization.receiver_bank_account_number ?? data.account_number),
    };
  });
}

const record = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});
const word = (value: unknown): string | null => (typeof value === "string" || typeof value === "number" ? String(value) : null);
