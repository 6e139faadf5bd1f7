// The customer's side of an invoice: the hosted page, its PDF, and paying it.
import { db } from "@/lib/db/client";
import { toPublicMerchant } from "@/lib/links/serializers";
import { paymentMethodName } from "@/lib/payments/channels";
import { renderInvoicePdf } from "./pdf";
import { INVOICE_INCLUDE, toCustomerInvoice } from "./serializers";
import { findById, findOr404 } from "@/lib/api/find";
import type { MerchantScope } from "@/lib/auth/access";
import { paymentEmailStatus } from "@/lib/email/queue";
import { payByTransferFor } from "@/lib/transfers/pay-by-transfer";

const merchantFields = { id: true, businessName: true, logoUrl: true, brandColor: true, supportEmail: true, supportPhone: true, website: true } as const;

/** A sent (or paid, overdue, void) invoice as its customer sees it; drafts are not public. */
export async function findCustomerInvoice(invoiceId: string) {
  const invoice = await findById(invoiceId, (id) =>
    db.invoice.findUnique({ where: { id }, include: { ...INVOICE_INCLUDE, merchant: { select: merchantFields } } }),
  );
  if (!invoice || invoice.status === "DRAFT") return null;
  const { merchant, ...rest } = invoice;
  return {
    invoice: toCustomerInvoice(rest),
    merchant: toPublicMerchant(merchant),
    receiptEmail: invoice.status === "PAID" ? await receiptEmailOf(invoice.id) : null,
    /** "Pay by bank transfer to …" when the invoice is open and its customer has an account number. */
    payByTransfer: await payByTransferFor(invoice),
  };
}

/** Whether the receipt of the payment that paid an invoice is on its way or sent (lib/email/queue.ts); null if none is. */
async function receiptEmailOf(invoiceId: string): Promise<{ state: "queued" | "sent" } | null> {
  const paid = await db.transaction.findFirst({
    where: { invoiceId, status: { in: ["COMPLETED", "REFUNDED"] } },
    orderBy: { completedAt: "desc" },
    select: { id: true },
  });
  const state = paid ? await paymentEmailStatus("receipt", paid.id) : null;
  return state ? { state } : null;
}

/** The PDF for the customer (public, not drafts) or for the merchant (any status, in its mode). */
export async function invoicePdf(invoiceId: string, scope?: MerchantScope) {
  const visible = scope ? { merchantId: scope.merchantId, environment: scope.environment } : { status: { not: "DRAFT" as const } };
  const invoice = await findOr404(
    invoiceId,
    "Invoice not found",
    (id) => db.invoice.findFirst({ where: { id, ...visible }, include: { ...INVOICE_INCLUDE, merchant: { select: merchantFields } } }),
    "invoiceId",
  );
  const { merchant, ...rest } = invoice;
  const customer = toCustomerInvoice(rest);
  // A paid invoice's PDF carries the payment that paid it (its date and reference).
  const payment =
    invoice.status === "PAID"
      ? await db.transaction.findFirst({
          where: { invoiceId: invoice.id, merchantId: invoice.merchantId, status: { in: ["COMPLETED", "REFUNDED"] } },
          orderBy: { completedAt: "desc" },
          select: { reference: true, completedAt: true, channel: true, paymentMethod: true },
        })
      : null;
  const paidWith = payment && {
    reference: payment.reference,
    completedAt: payment.completedAt,
    method: paymentMethodName(payment.channel, payment.paymentMethod),
  };
  const payByTransfer = await payByTransferFor(invoice);
  return { filename: `${customer.invoiceNumber}.pdf`, pdf: await renderInvoicePdf(customer, merchant, paidWith, payByTransfer) };
}
