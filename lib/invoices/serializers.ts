import type { Invoice, InvoiceLineItem, PaymentAllocation, Prisma } from "@/lib/db/generated/client";
import type { AllocationKind } from "@/lib/db/generated/enums";
import { config } from "@/lib/config";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { InvoiceSchema } from "@/lib/api/openapi/resources";

/** What every read of an invoice includes: its line items in order, and how it was paid. */
export const INVOICE_INCLUDE = {
  lineItems: { orderBy: { position: "asc" } },
  allocations: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { transaction: { select: { reference: true } } } },
} satisfies Prisma.InvoiceInclude;

/** Only payments and applied credit name an invoice: credit and credit_refunded have no invoiceId. */
type InvoiceAllocationKind = Extract<AllocationKind, "payment" | "credit_applied">;

export type InvoiceAllocation = PaymentAllocation & { transaction: { reference: string } | null };
export type InvoiceWithItems = Invoice & { lineItems: InvoiceLineItem[]; allocations: InvoiceAllocation[] };

export function invoiceUrl(invoiceId: string): string {
  return `${config().appUrl}/invoice/${invoiceId}`;
}

/** What is still owed, in kobo. */
export function amountDueOf(invoice: Pick<Invoice, "amount" | "amountPaid">): bigint {
  return invoice.amount - invoice.amountPaid;
}

function toLineItem(item: InvoiceLineItem) {
  return {
    description: item.description,
    amount: item.amount,
    quantity: item.quantity.toNumber(),
  } satisfies ResponseOf<typeof InvoiceSchema>["lineItems"][number];
}

/** One payment (or credit) applied to the invoice. */
export function toAllocationResponse(allocation: InvoiceAllocation) {
  return {
    id: allocation.id,
    kind: allocation.kind as InvoiceAllocationKind,
    amount: allocation.amount,
    transactionId: allocation.transactionId,
    reference: allocation.transaction?.reference ?? null,
    createdAt: allocation.createdAt,
  } satisfies ResponseOf<typeof InvoiceSchema>["allocations"][number];
}

/** The contract's Invoice (the merchant's view: includes merchantNote). */
export function toInvoiceResponse(invoice: InvoiceWithItems) {
  return {
    ...columns(invoice, ["id", "merchantId", "invoiceNumber", "amount", "amountPaid"]),
    amountDue: amountDueOf(invoice),
    ...columns(invoice, [
      "allowPartialPayments",
      "minimumPaymentAmount",
      "currency",
      "status",
      "customerEmail",
      "customerName",
      "customerNote",
      "merchantNote",
    ]),
    lineItems: [...invoice.lineItems].sort((a, b) => a.position - b.position).map(toLineItem),
    allocations: invoice.allocations.map(toAllocationResponse),
    ...columns(invoice, ["dueDate", "paidAt", "sentAt", "voidedAt", "environment"]),
    hostedUrl: invoiceUrl(invoice.id),
    ...columns(invoice, ["createdAt", "updatedAt"]),
  } satisfies ResponseOf<typeof InvoiceSchema>;
}
export type InvoiceResponse = ReturnType<typeof toInvoiceResponse>;

/** What the customer sees: never the merchant's internal note. */
export function toCustomerInvoice(invoice: InvoiceWithItems) {
  const { merchantNote: _internal, ...visible } = toInvoiceResponse(invoice);
  return visible;
}
export type CustomerInvoice = ReturnType<typeof toCustomerInvoice>;
