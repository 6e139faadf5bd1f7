// The one state machine for invoices: DRAFT → SENT → (PARTIALLY_PAID) → PAID, OVERDUE once past due
// unpaid, and VOID from any state with nothing paid. Money moves an invoice only here
// (applyToInvoice), in the settlement's database transaction, with the invoice row locked: two
// instalments arriving at once are applied one after the other, and only the last says PAID.
import type { Tx } from "@/lib/db/client";
import type { AllocationKind, InvoiceStatus } from "@/lib/db/generated/enums";
import type { Transaction } from "@/lib/db/generated/client";
import { recordEvent } from "@/lib/webhooks/outbox";
import { INVOICE_INCLUDE, toInvoiceResponse } from "./serializers";

/** Statuses a payment can still be applied to. */
export const PAYABLE: InvoiceStatus[] = ["SENT", "OVERDUE", "PARTIALLY_PAID"];

/** Why an invoice in this status cannot be paid, or null when it can. */
export function invoiceRefusal(status: InvoiceStatus): string | null {
  if (status === "PAID") return "This invoice has already been paid";
  if (status === "VOID") return "This invoice has been voided";
  if (status === "DRAFT") return "This invoice has not been sent yet";
  return null;
}

type Source = {
  kind: Extract<AllocationKind, "payment" | "credit_applied">;
  /** The payment the money comes from; null when the customer's credit pays. */
  transaction: Pick<Transaction, "id" | "reference"> | null;
  customerId: string | null;
};

/** `applied`: kobo taken by the invoice (0 when it could take none: `refusal` then says why). */
export type Applied = { applied: bigint; refusal: "already_paid" | "void" | "not_sent" | null };

/**
 * Applies up to `amount` kobo to the invoice: an allocation row, amountPaid, and the status (PAID when
 * nothing is left, else PARTIALLY_PAID; an OVERDUE invoice stays OVERDUE until paid). Records
 * invoice.partially_paid for each instalment and invoice.paid once, at the end.
 */
export async function applyToInvoice(tx: Tx, invoiceId: string, amount: bigint, source: Source): Promise<Applied> {
  const [locked] = await tx.$queryRaw<{ status: InvoiceStatus; amount: bigint; amountPaid: bigint }[]>`
    SELECT "status", "amount", "amountPaid" FROM "Invoice" WHERE "id" = ${invoiceId}::uuid FOR UPDATE`;
  if (!locked || locked.status === "VOID") return { applied: 0n, refusal: "void" };
  if (locked.status === "PAID") return { applied: 0n, refusal: "already_paid" };
  if (locked.status === "DRAFT") return { applied: 0n, refusal: "not_sent" };
  const due = locked.amount - locked.amountPaid;
  const applied = amount < due ? amount : due;
  if (applied <= 0n) return { applied: 0n, refusal: "already_paid" };

  const paidInFull = applied === due;
  const status: InvoiceStatus = paidInFull ? "PAID" : locked.status === "OVERDUE" ? "OVERDUE" : "PARTIALLY_PAID";
  const invoice = await tx.invoice.update({
    where: { id: invoiceId },
    data: { amountPaid: { increment: applied }, status, ...(paidInFull ? { paidAt: new Date() } : {}) },
    select: { merchantId: true, environment: true },
  });
  // Stamped under the invoice's lock, after the one before it: the allocations' order is the order they
  // were applied in (receipts read "still due" from it; a database default would be the transaction's start).
  const previous = await tx.paymentAllocation.findFirst({ where: { invoiceId }, orderBy: { createdAt: "desc" }, select: { createdAt: true } });
  const createdAt = new Date(Math.max(Date.now(), (previous?.createdAt.getTime() ?? 0) + 1));
  await tx.paymentAllocation.create({
    data: {
      createdAt,
      merchantId: invoice.merchantId,
      environment: invoice.environment,
      kind: source.kind,
      amount: applied,
      customerId: source.customerId,
      transactionId: source.transaction?.id ?? null,
      invoiceId,
    },
  });
  const updated = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: INVOICE_INCLUDE });
  // The Invoice, as invoice.sent carries it, plus the payment (null: the customer's credit) and what it paid.
  const data = {
    ...toInvoiceResponse(updated),
    transactionId: source.transaction?.id ?? null,
    reference: source.transaction?.reference ?? null,
    amountApplied: applied,
  };
  const type = paidInFull ? "invoice.paid" : "invoice.partially_paid";
  await recordEvent(tx, { merchantId: updated.merchantId, environment: updated.environment, type, data });
  return { applied, refusal: null };
}
