// Payments that must be given back (and card checks, which always are): settle.ts marks them (autoRefundDueAt) in the settlement's own
// database transaction, so none is forgotten. They are refunded through the processor right after
// that commits, and the reconciliation sweep retries any that failed (a processor outage, a crash).
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import type { Transaction } from "@/lib/db/generated/client";
import { autoRefundEmail, type EmailMessage } from "@/lib/email/messages";
import { queueEmail } from "@/lib/email/queue";
import { formatNgn } from "./money";
import { refundTransaction } from "./refunds";

/** While one attempt runs, no other process starts on the same payment. */
const LEASE_MS = 10 * 60 * 1000;

/** Refunds every payment now due (or just the one given); returns how many were refunded. */
export async function issueDueRefunds(only?: { reference: string }): Promise<number> {
  const due = await db.transaction.findMany({
    where: { autoRefundDueAt: { lte: new Date() }, ...(only ? { reference: only.reference } : {}) },
    orderBy: { autoRefundDueAt: "asc" },
    take: 50,
  });
  let refunded = 0;
  for (const transaction of due) if (await refundOne(transaction)) refunded++;
  return refunded;
}

async function refundOne(t: Transaction): Promise<boolean> {
  const claimed = await db.transaction.updateMany({
    where: { id: t.id, autoRefundDueAt: t.autoRefundDueAt },
    data: { autoRefundDueAt: new Date(Date.now() + LEASE_MS) },
  });
  if (claimed.count === 0) return false;
  try {
    const fresh = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
    if (fresh.refundedAmount < fresh.amount) await refundTransaction(fresh, undefined, refundReason(fresh));
    // Done, and the owner told (autoRefundEmailFor), as one change. A card check is given back as a
    // matter of course: its owner hears only when something was wrong with it (flaggedReason).
    await db.$transaction(async (tx) => {
      await tx.transaction.update({ where: { id: t.id }, data: { autoRefundDueAt: null } });
      if (!fresh.cardCheck || fresh.flaggedReason) await queueEmail(tx, { kind: "auto-refund", transactionId: fresh.id });
    });
    return true;
  } catch (error) {
    log.warn({ err: error, reference: t.reference }, "automatic refund failed; it is retried by the reconciliation sweep");
    return false;
  }
}

function refundReason(t: Transaction): string {
  if (!t.cardCheck) return "Refunded automatically: one payment too many";
  // A card check with a subscription but no period updates its card; otherwise it starts a trial.
  return t.subscriptionId && t.subscriptionPeriod === null ? "Card check for a card update" : "Card check for a free trial";
}

/** The e-mail job's message to the merchant's owner; null if the payment is gone. */
export async function autoRefundEmailFor(transactionId: string): Promise<EmailMessage | null> {
  const t = await db.transaction.findUnique({
    where: { id: transactionId },
    select: {
      id: true,
      amount: true,
      reference: true,
      customerEmail: true,
      flaggedReason: true,
      merchant: { select: { businessName: true, owner: { select: { email: true } } } },
    },
  });
  if (!t) return null;
  return autoRefundEmail({
    to: t.merchant.owner.email,
    businessName: t.merchant.businessName,
    amount: formatNgn(t.amount),
    reference: t.reference,
    customerEmail: t.customerEmail,
    reason: t.flaggedReason ?? "it paid for something already paid for",
    url: `${config().appUrl}/dashboard/transactions/${t.id}`,
  });
}
