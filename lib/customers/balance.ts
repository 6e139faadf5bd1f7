// A customer's credit: money they paid beyond what their open invoices owed. It only moves here, with
// the customer row locked and a customer.balance_changed event in the same database transaction.
import type { Tx } from "@/lib/db/client";
import type { Customer } from "@/lib/db/generated/client";
import { recordEvent } from "@/lib/webhooks/outbox";
import { toCustomerResponse } from "./serializers";

/**
 * Why the balance moved: a payment beyond what was owed, credit applied to an invoice, credit given
 * back, or credit restored when that refund was refused (lib/transfers/credit-refund.ts).
 */
export type BalanceReason = "overpayment" | "applied_to_invoice" | "refunded" | "refund_failed";

type Change = { reason: BalanceReason; transactionId: string | null; invoiceId: string | null };

/** Locks the customer's row and reads it (every balance change takes this lock first, after any invoice's). */
export async function lockCustomer(tx: Tx, customerId: string): Promise<Customer | null> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Customer" WHERE "id" = ${customerId}::uuid FOR UPDATE`;
  return row ? tx.customer.findUnique({ where: { id: row.id } }) : null;
}

/** Adds to (positive `change`) or takes from the balance; the caller holds the lock and checks a debit fits. */
export async function changeBalance(tx: Tx, customer: Customer, change: bigint, why: Change): Promise<Customer> {
  const updated = await tx.customer.update({ where: { id: customer.id }, data: { balance: { increment: change } } });
  if (why.reason === "overpayment") {
    await tx.paymentAllocation.create({
      data: {
        merchantId: customer.merchantId,
        environment: customer.environment,
        kind: "credit",
        amount: change,
        customerId: customer.id,
        transactionId: why.transactionId,
      },
    });
  }
  await recordEvent(tx, {
    merchantId: customer.merchantId,
    environment: customer.environment,
    type: "customer.balance_changed",
    data: { ...toCustomerResponse(updated), previousBalance: customer.balance, change, ...why },
  });
  return updated;
}

/** The customer (per merchant, mode and e-mail) a completed payment was counted on (customers/service.ts made it). */
export async function customerOfPayment(tx: Tx, t: { merchantId: string; environment: Customer["environment"]; customerEmail: string }) {
  return tx.customer.findUnique({
    where: { merchantId_environment_email: { merchantId: t.merchantId, environment: t.environment, email: t.customerEmail.toLowerCase() } },
  });
}
