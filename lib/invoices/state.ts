// The one state machine for invoices: DRAFT → SENT → OVERDUE → PAID, and VOID from any unpaid state.
// Payments move an invoice to PAID here, in the settlement's database transaction.
import type { Tx } from "@/lib/db/client";
import type { InvoiceStatus } from "@/lib/db/generated/enums";
import type { Transaction } from "@/lib/db/generated/client";
import { recordEvent } from "@/lib/webhooks/outbox";
import { toInvoiceResponse } from "./serializers";

const UNPAID: InvoiceStatus[] = ["DRAFT", "SENT", "OVERDUE"];

/** Why an invoice in this status cannot be paid, or null when it can. */
export function invoiceRefusal(status: InvoiceStatus): string | null {
  if (status === "PAID") return "This invoice has already been paid";
  if (status === "VOID") return "This invoice has been voided";
  if (status === "DRAFT") return "This invoice has not been sent yet";
  return null;
}

export type MarkPaidOutcome = "paid" | "already_paid" | "void";

/** Marks the invoice of a completed transaction PAID, once; a second payment or a voided invoice is reported, not applied. */
export async function markPaid(tx: Tx, t: Transaction, paidAt: Date): Promise<MarkPaidOutcome> {
  const paid = await tx.invoice.updateMany({ where: { id: t.invoiceId!, status: { in: UNPAID } }, data: { status: "PAID", paidAt } });
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: t.invoiceId! }, include: { lineItems: true } });
  if (paid.count === 0) return invoice.status === "VOID" ? "void" : "already_paid";
  // The Invoice, as invoice.sent and invoice.overdue carry it, plus the payment that paid it.
  const data = { ...toInvoiceResponse(invoice), transactionId: t.id, reference: t.reference };
  await recordEvent(tx, { merchantId: t.merchantId, environment: t.environment, type: "invoice.paid", data });
  return "paid";
}
