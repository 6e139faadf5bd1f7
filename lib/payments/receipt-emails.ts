// The customer's e-mails about a payment, built when their queued jobs run (lib/email/worker.ts):
// the receipt when it completes, and one per refund.
import { db } from "@/lib/db/client";
import { receiptEmail, refundEmail, type EmailMessage } from "@/lib/email/messages";
import { manageUrl } from "@/lib/subscriptions/links";
import { formatLagosDateTime } from "@/lib/lagos-time";
import { formatNgn } from "./money";
import { paidTowardsSentences } from "@/lib/invoices/paid-towards";
import { isPaid, loadReceipt, receiptUrl, type ReceiptDetails } from "./receipt";

/** The receipt e-mail; null if the payment is gone or not paid (nothing to confirm). A subscription's payment also links to its page. */
export async function receiptEmailFor(transactionId: string): Promise<EmailMessage | null> {
  const [r, paidFor] = await Promise.all([
    loadReceipt({ id: transactionId }),
    db.transaction.findUnique({ where: { id: transactionId }, select: { subscriptionId: true } }),
  ]);
  if (!r || !isPaid(r) || !r.paidAt) return null;
  const common = aboutPayment(r);
  return receiptEmail({
    ...common,
    lines: r.item.lines.map((line) => ({ description: line.description, quantity: String(line.quantity), total: formatNgn(line.total) })),
    amount: formatNgn(r.amount),
    method: r.method,
    date: formatLagosDateTime(r.paidAt),
    pdfUrl: `${common.receiptUrl}/pdf`,
    manageUrl: paidFor?.subscriptionId ? manageUrl(paidFor.subscriptionId) : null,
    paidTowards: paidTowardsSentences(r.paidTowards, formatNgn, r.merchant.businessName),
  });
}

/** The refund e-mail for `amount` kobo of this payment; null if the payment is gone. The merchant's reason stays internal. */
export async function refundEmailFor(transactionId: string, amount: bigint): Promise<EmailMessage | null> {
  const r = await loadReceipt({ id: transactionId });
  if (!r || amount <= 0n) return null;
  return refundEmail({
    ...aboutPayment(r),
    amount: formatNgn(amount),
    paid: formatNgn(r.amount),
    full: amount >= r.amount,
  });
}

/** What every e-mail about a payment says: to whom, from which business, for what, and where its receipt is. */
function aboutPayment(r: ReceiptDetails) {
  return {
    to: r.customer.email,
    businessName: r.merchant.businessName,
    brandColor: r.merchant.brandColor,
    logoUrl: r.merchant.logoUrl,
    customerName: r.customer.name,
    item: r.item.title,
    reference: r.reference,
    supportEmail: r.merchant.supportEmail,
    supportPhone: r.merchant.supportPhone,
    receiptUrl: receiptUrl(r.reference),
    testMode: r.testMode,
  };
}
