// What follows a payment's completion once it has committed, for every way a payment completes
// (processor webhook, reconciliation). Its e-mails are not here: settle.ts queues them in the
// completion's own transaction, so a crash after the commit loses none.
import { db } from "@/lib/db/client";
import { issueDueRefunds } from "./auto-refunds";
import { whereChargeReference } from "./attempts";

/** `chargeReference`: the reference the processor paid (a second payment's is its attempt's, attempt-settlement.ts). */
export async function afterCompletion(chargeReference: string): Promise<void> {
  const due = await db.transaction.findMany({
    where: { ...whereChargeReference(chargeReference), autoRefundDueAt: { not: null } },
    select: { reference: true },
  });
  // Paid for something already paid for: it is given back now (the reconciliation sweep retries).
  for (const { reference } of due) await issueDueRefunds({ reference });
}
