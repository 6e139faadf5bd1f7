// Where a customer's money goes. A payment made for one invoice (its pay page, or initiate with
// invoiceId) pays that invoice; a bank transfer, which names no invoice, pays the customer's open
// invoices oldest first. What is left beyond what was owed becomes the customer's credit, and credit
// pays the customer's next invoice when it is sent. Locks: invoices (oldest first), then the customer.
import type { Tx } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import { changeBalance, customerOfPayment, lockCustomer } from "@/lib/customers/balance";
import { applyToInvoice, PAYABLE } from "./state";

type Payment = Pick<Transaction, "id" | "reference" | "merchantId" | "environment" | "customerEmail" | "amount" | "invoiceId">;

/**
 * A completed payment for one invoice. Answers why the whole payment is one too many (the invoice was
 * already paid or voided: it is refunded, settle.ts), or null once it is applied; any part beyond the
 * balance (two instalments at once) is the customer's credit.
 */
export async function applyInvoicePayment(tx: Tx, t: Payment): Promise<"already_paid" | "void" | null> {
  const customer = await customerOfPayment(tx, t);
  const { applied, refusal } = await applyToInvoice(tx, t.invoiceId!, t.amount, { kind: "payment", transaction: t, customerId: customer?.id ?? null });
  if (refusal === "already_paid" || refusal === "void") return refusal;
  if (refusal === "not_sent") return "void";
  await creditRest(tx, customer?.id ?? null, t, t.amount - applied);
  return null;
}

/** A bank transfer into the customer's virtual account: their open invoices, oldest first, then credit. */
export async function allocateTransfer(tx: Tx, t: Payment, customerId: string): Promise<void> {
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: customerId }, select: { email: true } });
  const open = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Invoice"
    WHERE "merchantId" = ${t.merchantId}::uuid AND "environment" = ${t.environment}::"Environment"
      AND lower("customerEmail") = ${customer.email} AND "status"::text = ANY(${PAYABLE})
    ORDER BY "createdAt" ASC, "id" ASC
    FOR UPDATE`;
  let left = t.amount;
  for (const { id } of open) {
    if (left <= 0n) break;
    const { applied } = await applyToInvoice(tx, id, left, { kind: "payment", transaction: t, customerId });
    left -= applied;
  }
  await creditRest(tx, customerId, t, left);
}

async function creditRest(tx: Tx, customerId: string | null, t: Payment, amount: bigint): Promise<void> {
  if (amount <= 0n || !customerId) return;
  const customer = await lockCustomer(tx, customerId);
  if (customer) await changeBalance(tx, customer, amount, { reason: "overpayment", transactionId: t.id, invoiceId: null });
}

/** A sent invoice takes what it can of its customer's credit (called in the transaction that sends it). */
export async function applyCredit(
  tx: Tx,
  invoice: { id: string; merchantId: string; environment: Transaction["environment"]; customerEmail: string },
): Promise<void> {
  const found = await customerOfPayment(tx, invoice);
  if (!found || found.balance <= 0n) return;
  // The invoice's lock before the customer's, as every allocation takes them.
  await tx.$executeRaw`SELECT 1 FROM "Invoice" WHERE "id" = ${invoice.id}::uuid FOR UPDATE`;
  const customer = await lockCustomer(tx, found.id);
  if (!customer || customer.balance <= 0n) return;
  const { applied } = await applyToInvoice(tx, invoice.id, customer.balance, { kind: "credit_applied", transaction: null, customerId: customer.id });
  if (applied > 0n) await changeBalance(tx, customer, -applied, { reason: "applied_to_invoice", transactionId: null, invoiceId: invoice.id });
}
