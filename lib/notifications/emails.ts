// The merchant-side e-mails, built when their queued jobs run (lib/email/worker.ts). Each checks the
// member's choice again at sending time: someone who turned it off (or left) in between gets nothing.
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { dailySummaryEmail, paymentReceivedEmail, type EmailMessage } from "@/lib/email/messages";
import { formatLagosDate, formatLagosDateTime, lagosDayBounds } from "@/lib/lagos-time";
import { formatNgn } from "@/lib/payments/money";
import { isPaid, loadReceipt } from "@/lib/payments/receipt";
import { wantsPaymentEmails } from "./service";
import { paymentsOn } from "./daily-summary";

const settingsUrl = () => `${config().appUrl}/dashboard/settings#notifications`;

async function memberOf(userId: string, merchantId: string) {
  return db.membership.findUnique({
    where: { userId_merchantId: { userId, merchantId } },
    select: { role: true, notifyPayments: true, dailySummary: true, user: { select: { email: true, isEmailVerified: true } } },
  });
}

/** "You've been paid" to one member; null if they no longer want it or the payment is not paid. */
export async function paymentReceivedEmailFor(transactionId: string, userId: string): Promise<EmailMessage | null> {
  const t = await db.transaction.findUnique({ where: { id: transactionId }, select: { merchantId: true } });
  if (!t) return null;
  const [member, r] = await Promise.all([memberOf(userId, t.merchantId), loadReceipt({ id: transactionId })]);
  if (!member || !member.user.isEmailVerified || !wantsPaymentEmails(member) || !r || !isPaid(r) || !r.paidAt) return null;
  return paymentReceivedEmail({
    to: member.user.email,
    businessName: r.merchant.businessName,
    amount: formatNgn(r.amount),
    customer: r.customer.name ? `${r.customer.name} (${r.customer.email})` : r.customer.email,
    item: r.item.title,
    method: r.method,
    reference: r.reference,
    date: formatLagosDateTime(r.paidAt),
    url: `${config().appUrl}/dashboard/transactions/${r.transactionId}`,
    settingsUrl: settingsUrl(),
    testMode: r.testMode,
  });
}

/** One business's day (YYYY-MM-DD, Lagos) to one member; null if they turned it off or there were no payments. */
export async function dailySummaryEmailFor(merchantId: string, userId: string, day: string): Promise<EmailMessage | null> {
  const bounds = lagosDayBounds(day);
  if (!bounds) return null;
  const [member, merchant, totals] = await Promise.all([
    memberOf(userId, merchantId),
    db.merchant.findUnique({ where: { id: merchantId }, select: { businessName: true } }),
    paymentsOn(merchantId, bounds),
  ]);
  if (!member || !member.user.isEmailVerified || !member.dailySummary || !merchant) return null;
  const live = totals.live.count > 0 ? { count: totals.live.count, total: formatNgn(totals.live.total) } : null;
  const test = totals.test.count > 0 ? { count: totals.test.count, total: formatNgn(totals.test.total) } : null;
  if (!live && !test) return null;
  return dailySummaryEmail({
    to: member.user.email,
    businessName: merchant.businessName,
    day: formatLagosDate(bounds.from),
    live,
    test,
    url: `${config().appUrl}/dashboard`,
    settingsUrl: settingsUrl(),
  });
}
