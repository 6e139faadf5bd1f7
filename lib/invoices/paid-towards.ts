// What one payment did to invoices, for its receipt: how much went to which invoice, what each
// still owed right after it, and what became the customer's credit. Read from the allocations
// (lib/invoices/state.ts, allocation.ts), so a receipt sent later still tells it as it was then.
import { db } from "@/lib/db/client";

export type InvoicePart = { invoiceNumber: string; applied: bigint; stillDue: bigint };
export type PaidTowards = { invoices: InvoicePart[]; credited: bigint };

/** The payment's allocations, oldest first; empty when it paid no invoice (a link, or refunded as one too many). */
export async function paidTowards(transactionId: string): Promise<PaidTowards> {
  const rows = await db.paymentAllocation.findMany({
    where: { transactionId, kind: { in: ["payment", "credit"] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { kind: true, amount: true, createdAt: true, invoiceId: true, invoice: { select: { invoiceNumber: true, amount: true } } },
  });
  const invoices: InvoicePart[] = [];
  let credited = 0n;
  for (const row of rows) {
    if (row.kind === "credit") credited += row.amount;
    else if (row.invoice && row.invoiceId) {
      // Allocations of one invoice are written one at a time under its row lock: those up to this one are what was paid by then.
      const upTo = await db.paymentAllocation.aggregate({
        where: { invoiceId: row.invoiceId, createdAt: { lte: row.createdAt }, kind: { in: ["payment", "credit_applied"] } },
        _sum: { amount: true },
      });
      const stillDue = row.invoice.amount - (upTo._sum.amount ?? 0n);
      invoices.push({ invoiceNumber: row.invoice.invoiceNumber, applied: row.amount, stillDue: stillDue > 0n ? stillDue : 0n });
    }
  }
  return { invoices, credited };
}

/** "₦X paid towards invoice INV-…; ₦Y still due" or "Invoice INV-… is now paid in full", and the credit kept. */
export function paidTowardsSentences(p: PaidTowards, show: (kobo: bigint) => string, businessName: string): string[] {
  const lines = p.invoices.map((part) =>
    part.stillDue > 0n
      ? `${show(part.applied)} paid towards invoice ${part.invoiceNumber}; ${show(part.stillDue)} still due`
      : `Invoice ${part.invoiceNumber} is now paid in full`,
  );
  if (p.credited > 0n) lines.push(`${show(p.credited)} is kept as your credit with ${businessName}, for your next invoice`);
  return lines;
}
