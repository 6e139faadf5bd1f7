import type { Invoice, InvoiceLineItem } from "@/lib/db/generated/client";
import { config } from "@/lib/config";

export type InvoiceWithItems = Invoice & { lineItems: InvoiceLineItem[] };

export function invoiceUrl(invoiceId: string): string {
  return `${config().appUrl}/invoice/${invoiceId}`;
}

const toLineItem = (item: InvoiceLineItem) => ({
  description: item.description,
  amount: item.amount,
  quantity: item.quantity.toNumber(),
});

/** The contract's Invoice (the merchant's view: includes merchantNote). */
export function toInvoiceResponse(invoice: InvoiceWithItems) {
  return {
    id: invoice.id,
    merchantId: invoice.merchantId,
    invoiceNumber: invoice.invoiceNumber,
    amount: invoice.amount,
    currency: invoice.currency,
    status: invoice.status,
    customerEmail: invoice.customerEmail,
    customerName: invoice.customerName,
    customerNote: invoice.customerNote,
    merchantNote: invoice.merchantNote,
    lineItems: [...invoice.lineItems].sort((a, b) => a.position - b.position).map(toLineItem),
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
