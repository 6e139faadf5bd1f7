import { findOr404 } from "@/lib/api/find";
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { afterCursor, newestFirst, toPage } from "@/lib/api/pagination";
import { recordEvent } from "@/lib/webhooks/outbox";
import { customerEmailLimit, mayEmailOthers, queueEmail } from "@/lib/email/queue";
import type { InvoiceStatus } from "@/lib/db/generated/enums";
import { partialPaymentProblems, type CreateInvoiceInput, type InvoiceListQuery, type LineItemInput, type UpdateInvoiceInput } from "./schemas";
import { applyCredit } from "./allocation";
import { INVOICE_INCLUDE, toInvoiceResponse, type InvoiceWithItems } from "./serializers";
import { lagosCalendarDay } from "@/lib/lagos-time";
import { totalOf } from "./totals";
import type { MerchantScope } from "@/lib/auth/access";
import { requireLive } from "@/lib/merchants/activation";
import { assignOnSend } from "@/lib/transfers/virtual-accounts";

const scopeOf = ({ merchantId, environment }: MerchantScope): MerchantScope => ({ merchantId, environment });

const withItems = INVOICE_INCLUDE;

export function formatInvoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(6, "0")}`;
}

function lineItemRows(items: LineItemInput[]) {
  return items.map((item, position) => ({ position, description: item.description, amount: BigInt(item.amount), quantity: item.quantity }));
}

/** The schema already refused totals that are not whole kobo; this is the single place totals are computed. */
function computeTotal(items: LineItemInput[]): bigint {
  const total = totalOf(items);
  if (total === null) throw ApiError.validation([{ field: "lineItems", message: "The total must be a whole number of kobo: check the quantities" }]);
  return total;
}

/**
 * Numbers come from the merchant row's counter: the UPDATE locks that row until commit, so
 * concurrent creations take turns and never share a number (the unique index backs this up).
 */
export async function createInvoice(scope: MerchantScope, input: CreateInvoiceInput) {
  if (scope.environment === "live") await requireLive(scope.merchantId);
  const { lineItems, status, minimumPaymentAmount, ...fields } = input;
  const amount = computeTotal(lineItems);
  if (status === "SENT") await mayEmailOthers(scope.merchantId, customerEmailLimit(scope.environment));
  // The customer's account number (assignVirtualAccounts), before the transaction: no processor call inside one.
  if (status === "SENT") await assignOnSend(scope, input);
  const invoice = await db.$transaction(async (tx) => {
    const { invoiceSequence } = await tx.merchant.update({
      where: { id: scope.merchantId },
      data: { invoiceSequence: { increment: 1 } },
      select: { invoiceSequence: true },
    });
    const created = await tx.invoice.create({
      data: {
        ...fields,
        ...scopeOf(scope),
        invoiceNumber: formatInvoiceNumber(invoiceSequence),
        amount,
        minimumPaymentAmount: minimumPaymentAmount === undefined ? null : BigInt(minimumPaymentAmount),
        status,
        sentAt: status === "SENT" ? new Date() : null,
        lineItems: { create: lineItemRows(lineItems) },
      },
      include: withItems,
    });
    if (status === "SENT") return recordSent(tx, created);
    return created;
  });
  return toInvoiceResponse(invoice);
}

export async function listInvoices(scope: MerchantScope, query: InvoiceListQuery) {
  const rows = await db.invoice.findMany({
    where: { ...scopeOf(scope), ...(query.status && { status: query.status }), ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
    include: withItems,
  });
  return toPage(rows, query.limit, toInvoiceResponse);
}

function findInvoice(scope: MerchantScope, invoiceId: string): Promise<InvoiceWithItems> {
  return findOr404(invoiceId, "Invoice not found", (id) => db.invoice.findFirst({ where: { id, ...scopeOf(scope) }, include: withItems }));
}

export async function getInvoice(scope: MerchantScope, invoiceId: string) {
  const invoice = await findInvoice(scope, invoiceId);
  const payments = await db.transaction.findMany({
    where: { invoiceId: invoice.id },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: { id: true, reference: true, amount: true, refundedAmount: true, status: true, createdAt: true, completedAt: true },
  });
  return { invoice: toInvoiceResponse(invoice), payments };
}

/** Only drafts change: a sent invoice is what the customer was promised. */
export async function updateInvoice(scope: MerchantScope, invoiceId: string, input: UpdateInvoiceInput) {
  const current = await findInvoice(scope, invoiceId);
  if (current.status !== "DRAFT") throw ApiError.conflict("Only draft invoices can be edited", { code: "invoice_not_editable" });
  const { lineItems, minimumPaymentAmount, ...fields } = input;
  const amount = lineItems ? computeTotal(lineItems) : current.amount;
  // The rules of create, on the draft as it will be: a minimum needs instalments, and fits the total.
  const allowPartialPayments = fields.allowPartialPayments ?? current.allowPartialPayments;
  // Turning instalments off drops a minimum left over from before, unless one is sent (then it is an error).
  const kept = allowPartialPayments ? current.minimumPaymentAmount : null;
  const minimum = minimumPaymentAmount === undefined ? kept : minimumPaymentAmount === null ? null : BigInt(minimumPaymentAmount);
  const problems = partialPaymentProblems({ allowPartialPayments, minimumPaymentAmount: minimum, total: amount });
  if (problems.length > 0) throw ApiError.validation(problems);
  const invoice = await db.$transaction(async (tx) => {
    // Conditional on still being a draft, so a concurrent send wins cleanly.
    const updated = await tx.invoice.updateMany({
      where: { id: current.id, status: "DRAFT" },
      data: { ...fields, minimumPaymentAmount: minimum, ...(lineItems && { amount }) },
    });
    if (updated.count === 0) throw ApiError.conflict("Only draft invoices can be edited", { code: "invoice_not_editable" });
    if (lineItems) {
      await tx.invoiceLineItem.deleteMany({ where: { invoiceId: current.id } });
      await tx.invoiceLineItem.createMany({ data: lineItemRows(lineItems).map((row) => ({ ...row, invoiceId: current.id })) });
    }
    return tx.invoice.findUniqueOrThrow({ where: { id: current.id }, include: withItems });
  });
  return toInvoiceResponse(invoice);
}

/** Sends (or re-sends) the invoice e-mail (queued). A draft becomes SENT; overdue invoices stay OVERDUE. */
export async function sendInvoice(scope: MerchantScope, invoiceId: string) {
  const current = await findInvoice(scope, invoiceId);
  if (current.status === "PAID") throw ApiError.conflict("This invoice has already been paid", { code: "invoice_already_paid" });
  if (current.status === "VOID") throw ApiError.conflict("This invoice has been voided", { code: "invoice_voided" });
  await mayEmailOthers(scope.merchantId, customerEmailLimit(scope.environment));
  // The customer's account number (assignVirtualAccounts), before the transaction: no processor call inside one.
  await assignOnSend(scope, current);
  const invoice = await db.$transaction(async (tx) => {
    if (current.status === "DRAFT") {
      const moved = await tx.invoice.updateMany({ where: { id: current.id, status: "DRAFT" }, data: { status: "SENT", sentAt: new Date() } });
      if (moved.count === 1) {
        const sent = await tx.invoice.findUniqueOrThrow({ where: { id: current.id }, include: withItems });
        return recordSent(tx, sent);
      }
    }
    const resent = await tx.invoice.update({ where: { id: current.id }, data: { sentAt: new Date() }, include: withItems });
    await queueEmail(tx, { kind: "invoice", invoiceId: resent.id });
    return resent;
  });
  return toInvoiceResponse(invoice);
}

export async function voidInvoice(scope: MerchantScope, invoiceId: string) {
  const current = await findInvoice(scope, invoiceId);
  const voided = await db.invoice.updateMany({
    where: { id: current.id, status: { in: ["DRAFT", "SENT", "OVERDUE"] }, amountPaid: 0 },
    data: { status: "VOID", voidedAt: new Date() },
  });
  if (voided.count === 0) {
    if (current.status === "VOID") throw ApiError.conflict("This invoice has already been voided", { code: "invoice_voided" });
    throw ApiError.conflict(
      current.status === "PAID"
        ? "A paid invoice cannot be voided; refund the payment instead"
        : "An invoice with payments cannot be voided; refund them first",
      { code: current.status === "PAID" ? "invoice_already_paid" : "invoice_has_payments" },
    );
  }
  return toInvoiceResponse(await findInvoice(scope, invoiceId));
}

/**
 * Sent: its invoice.sent event and its e-mail to the customer, in the transaction that sends it.
 * Answers the invoice as it is after that: the customer's credit may have paid some or all of it.
 */
async function recordSent(tx: Tx, invoice: InvoiceWithItems): Promise<InvoiceWithItems> {
  await recordEvent(tx, { merchantId: invoice.merchantId, environment: invoice.environment, type: "invoice.sent", data: toInvoiceResponse(invoice) });
  // The customer's credit (a past overpayment) pays what it can now, so the e-mail asks only for the rest.
  await applyCredit(tx, invoice);
  await queueEmail(tx, { kind: "invoice", invoiceId: invoice.id });
  return tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: withItems });
}

/** Open invoices the daily job may mark overdue: sent, unpaid or paid in part. */
const OVERDUE_FROM: InvoiceStatus[] = ["SENT", "PARTIALLY_PAID"];

/**
 * The daily job: SENT and PARTIALLY_PAID invoices whose due date has passed become OVERDUE, each
 * with an `invoice.overdue` event in the same transaction. Safe to run any number of times.
 */
export async function markOverdueInvoices(now = new Date()): Promise<number> {
  // Due dates are calendar days (stored as midnight UTC); the day has ended once it is over in Lagos.
  const startOfToday = lagosCalendarDay(now);
  let marked = 0;
  for (;;) {
    const due = await db.invoice.findMany({ where: { status: { in: OVERDUE_FROM }, dueDate: { lt: startOfToday } }, select: { id: true }, take: 500 });
    if (due.length === 0) return marked;
    for (const { id } of due) marked += await markOverdue(id);
  }
}

async function markOverdue(id: string): Promise<number> {
  return db.$transaction(async (tx) => {
    const moved = await tx.invoice.updateMany({ where: { id, status: { in: OVERDUE_FROM } }, data: { status: "OVERDUE" } });
    if (moved.count === 0) return 0;
    const invoice = await tx.invoice.findUniqueOrThrow({ where: { id }, include: withItems });
    await recordEvent(tx, { merchantId: invoice.merchantId, environment: invoice.environment, type: "invoice.overdue", data: toInvoiceResponse(invoice) });
    return 1;
  });
}
