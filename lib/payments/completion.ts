// What follows a payment's completion once it has committed, for every way a payment completes
// (processor webhook, reconciliation). Its e-mails are not here: settle.ts queues them in the
// completion's own transaction, so a crash after the commit loses none.
import { db } from "@/lib/db/client";
import { issueDueRefunds } from "./auto-refunds";

export async function afterCompletion(reference: string): Promise<void> {
  const t = await db.transaction.findUnique({ where: { reference }, select: { autoRefundDueAt: true } });
  // Paid for something already paid for: it is given back now (the reconciliation sweep retries).
  if (t?.autoRefundDueAt) await issueDueRefunds({ reference });
}
