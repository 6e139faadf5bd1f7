// What follows a payment's completion once it has committed, for every way a payment completes
// (processor webhook, reconciliation): one path, so none of them forgets an effect.
import { db } from "@/lib/db/client";
import { queueEmailAfterCommit } from "@/lib/email/queue";
import { queuePaymentNotifications } from "@/lib/notifications/service";
import { issueDueRefunds } from "./auto-refunds";

export async function afterCompletion(reference: string): Promise<void> {
  const t = await db.transaction.findUnique({ where: { reference }, select: { id: true, merchantId: true, autoRefundDueAt: true } });
  if (!t) return;
  // Paid for something already paid for: it is given back now, and the customer gets the refund
  // e-mail (refunds.ts) rather than a receipt; the owner gets the automatic-refund e-mail, not "You've been paid".
  if (t.autoRefundDueAt) {
    await issueDueRefunds({ reference });
    return;
  }
  await queueEmailAfterCommit({ kind: "receipt", transactionId: t.id });
  await queuePaymentNotifications(t.id, t.merchantId);
}
