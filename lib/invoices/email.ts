// The invoice e-mail, built when its queued job runs (lib/email/worker.ts): requests only queue
// `{ kind: "invoice", invoiceId }`, so the message always shows the invoice as it is at sending time.
import { db } from "@/lib/db/client";
import { invoiceEmail, type EmailMessage } from "@/lib/email/messages";
import { formatCalendarDay } from "@/lib/lagos-time";
import { formatNgn } from "@/lib/payments/money";
import { absoluteLogoUrl } from "@/lib/payments/receipt";
import { amountDueOf, invoiceUrl } from "./serializers";
import { payByTransferFor } from "@/lib/transfers/pay-by-transfer";

/** The e-mail to the invoice's customer; null if the invoice is gone, still a draft, voided or already paid. */
export async function invoiceEmailFor(invoiceId: string): Promise<EmailMessage | null> {
  const invoice = await db.invoice.findUnique({
    where: { id: invoiceId },
    include: { merchant: { select: { businessName: true, brandColor: true, logoUrl: true } } },
  });
  if (!invoice || invoice.status === "DRAFT" || invoice.status === "VOID" || invoice.status === "PAID") return null;
  const { merchant } = invoice;
  return invoiceEmail({
    to: invoice.customerEmail,
    businessName: merchant.businessName,
    brandColor: merchant.brandColor,
    // An uploaded logo is a path on our origin: e-mails need the full address.
    logoUrl: absoluteLogoUrl(merchant.logoUrl),
    customerName: invoice.customerName,
    invoiceNumber: invoice.invoiceNumber,
    total: formatNgn(invoice.amount),
    amountDue: invoice.amountPaid > 0n ? formatNgn(amountDueOf(invoice)) : null,
    partialPayments: invoice.allowPartialPayments,
    dueDate: invoice.dueDate ? formatCalendarDay(invoice.dueDate) : null,
    note: invoice.customerNote,
    url: invoiceUrl(invoice.id),
    payByTransfer: await payByTransferFor(invoice),
  });
}
