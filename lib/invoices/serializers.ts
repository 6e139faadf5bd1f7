import type { Invoice, InvoiceLineItem, PaymentAllocation, Prisma } from "@/lib/db/generated/client";
import { config } from "@/lib/config";

/** What every read of an invoice includes: its line items in order, and how it was paid. */
export const INVOICE_INCLUDE = {
  lineItems: { orderBy: { position: "asc" } },
  allocations: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { transaction: { select: { reference: true } } } },
} satisfies Prisma.InvoiceInclude;

export type InvoiceAllocation = PaymentAllocation & { transaction: { reference: string } | null };
export type InvoiceWithItems = Invoice & { lineItems: InvoiceLineItem[]; allocations: InvoiceAllocation[] };

export function invoiceUrl(invoiceId: string): string {
  return `${config().appUrl}/invoice/${invoiceId}`;
}

/** What is still owed, in kobo. */
export function amountDueOf(invoice: Pick<Invoice, "amount" | "amountPaid">): bigint {
  return invoice.amount - invoice.amountPaid;
}

const toLineItem = (item: InvoiceLineItem) => ({
  description: item.description,
  amount: item.amount,
  quantity: item.quantity.toNumber(),
});

/** One payment (or credit) applied to the invoice. */
export const toAllocationResponse = (allocation: InvoiceAllocation) => ({
  id: allocation.id,
  kind: allocation.kind,
  amount: allocation.amount,
  transactionId: allocation.transactionId,
  reference: allocation.transaction?.reference ?? null,
  createdAt: allocation.createdAt,
});

/** The contract's Invoice (the merchant's view: includes merchantNote). */
export function toInvoiceResponse(invoice: InvoiceWithItems) {
  return {
    id: invoice.id,
    merchantId: invoice.merchantId,
    invoiceNumber: invoice.invoiceNumber,
    amount: invoice.amount,
    amountPaid: invoice.amountPaid,
    amountDue: amountDueOf(invoice),
    allowPartialPayments: invoice.allowPartialPayments,
    minimumPaymentAmount: invoice.minimumPaymentAmount,
    currency: invoice.currency,
    status: invoice.status,
    customerEmail: invoice.customerEmail,
    customerName: invoice.customerName,
    customerNote: invoice.customerNote,
    merchantNote: invoice.merchantNote,
    lineItems: [...invoice.lineItems].sort((a, b) => a.position - b.position).map(toLineItem),
    allocations: invoice.allocations.map(toAllocationResponse),
    dueDate: invoice.dueDate,
    paidAt: invoice.paidAt,
    sentAt: invoice.sentAt,
    voidedAt: invoice.voidedAt,
    environment: invoice.environment,
    hostedUrl: invoiceUrl(invoice.id),
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
}
export type InvoiceResponse = ReturnType<typeof toInvoiceResponse>;

/** What the customer sees: never the merchant's internal note. */
export function toCustomerInvoice(invoice: InvoiceWithItems) {
  const { merchantNote: _internal, ...visible } = toInvoiceResponse(invoice);
  return visible;
}
export type CustomerInvoice = ReturnType<typeof toCustomerInvoice>;
