// Giving a customer's credit back: the transfers that made it are refunded through the ordinary
// refund machinery (lib/payments/refunds.ts), newest first, each at most what is still refundable of
// it. Like a refund's own reservation, the credit is taken first (balance lowered, credit_refunded
// allocations written, under the customer's lock, so the balance never goes below zero however many
// refunds run at once); a refund the processor refuses gives its part back.
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { findOr404 } from "@/lib/api/find";
import type { MerchantScope } from "@/lib/auth/access";
import type { AuditSource } from "@/lib/team/audit";
import { changeBalance, lockCustomer } from "@/lib/customers/balance";
import { toCustomerResponse } from "@/lib/customers/serializers";
import { refundTransaction } from "@/lib/payments/refunds";

const REASON = "Customer credit refunded";

/** One transfer's share of a credit refund, with the allocation that records it. */
type Part = { transactionId: string; amount: bigint; allocationId: string };

export async function refundCredit(scope: MerchantScope, customerId: string, requested: bigint | undefined, audit: AuditSource) {
  const customer = await findOr404(customerId, "Customer not found", (id) =>
    db.customer.findFirst({ where: { id, merchantId: scope.merchantId, environment: scope.environment } }),
  );
  const parts = await db.$transaction((tx) => reserve(tx, customer.id, requested));
  for (const [index, part] of parts.entries()) {
    try {
      const transaction = await db.transaction.findUniqueOrThrow({ where: { id: part.transactionId } });
      await refundTransaction(transaction, part.amount, REASON, audit);
    } catch (error) {
      // This part and the ones not yet tried go back to the credit; the refunds already made stand.
      await db.$transaction((tx) => release(tx, customer.id, parts.slice(index)));
      throw error;
    }
  }
  return { customer: toCustomerResponse(await db.customer.findUniqueOrThrow({ where: { id: customer.id } })) };
}

async function reserve(tx: Tx, customerId: string, requested: bigint | undefined): Promise<Part[]> {
  const customer = (await lockCustomer(tx, customerId))!;
  const amount = requested ?? customer.balance;
  if (customer.balance <= 0n) throw ApiError.badRequest("This customer has no credit to refund");
  if (amount > customer.balance) {
    throw ApiError.validation([{ field: "amount", message: `Refund amount must be at most ${customer.balance} kobo (the customer's credit)` }]);
  }
  const plan = await planParts(tx, customerId, amount);
  const planned = plan.reduce((sum, part) => sum + part.amount, 0n);
  if (planned < amount) throw ApiError.badRequest(`Only ${planned} kobo of this credit can be refunded: the payments that made it were refunded already`);
  const parts: Part[] = [];
  for (const part of plan) {
    const allocation = await tx.paymentAllocation.create({
      data: {
        merchantId: customer.merchantId,
        environment: customer.environment,
        kind: "credit_refunded",
        amount: part.amount,
        customerId,
        transactionId: part.transactionId,
      },
    });
    parts.push({ ...part, allocationId: allocation.id });
  }
  await changeBalance(tx, customer, -amount, { reason: "refunded", transactionId: parts.length === 1 ? parts[0]!.transactionId : null, invoiceId: null });
  return parts;
}

/** The transfers that made the credit, newest first: what each still holds of it, within what it can still refund. */
async function planParts(tx: Tx, customerId: string, amount: bigint): Promise<Omit<Part, "allocationId">[]> {
  const rows = await tx.$queryRaw<{ transactionId: string; credited: bigint; given: bigint; refundable: bigint }[]>`
    SELECT a."transactionId",
           SUM(a."amount") FILTER (WHERE a."kind" = 'credit')::bigint AS credited,
           COALESCE(SUM(a."amount") FILTER (WHERE a."kind" = 'credit_refunded'), 0)::bigint AS given,
           (t."amount" - t."refundedAmount")::bigint AS refundable
    FROM "PaymentAllocation" a JOIN "Transaction" t ON t."id" = a."transactionId"
    WHERE a."customerId" = ${customerId}::uuid AND a."kind" IN ('credit', 'credit_refunded') AND t."status" IN ('COMPLETED', 'REFUNDED')
    GROUP BY a."transactionId", t."amount", t."refundedAmount", t."completedAt"
    HAVING SUM(a."amount") FILTER (WHERE a."kind" = 'credit') > 0
    ORDER BY t."completedAt" DESC NULLS LAST, a."transactionId" DESC`;
  const parts: Omit<Part, "allocationId">[] = [];
  let left = amount;
  for (const row of rows) {
    if (left <= 0n) break;
    const held = min(row.credited - row.given, row.refundable);
    const take = min(held, left);
    if (take <= 0n) continue;
    parts.push({ transactionId: row.transactionId, amount: take });
    left -= take;
  }
  return parts;
}

/** Parts whose refund did not go through: their allocations go, and the credit comes back. */
async function release(tx: Tx, customerId: string, parts: Part[]): Promise<void> {
  const customer = (await lockCustomer(tx, customerId))!;
  const { count } = await tx.paymentAllocation.deleteMany({ where: { id: { in: parts.map((part) => part.allocationId) } } });
  if (count === 0) return;
  const back = parts.reduce((sum, part) => sum + part.amount, 0n);
  await changeBalance(tx, customer, back, { reason: "refund_failed", transactionId: parts.length === 1 ? parts[0]!.transactionId : null, invoiceId: null });
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
