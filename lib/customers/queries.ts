// The read side of customers, always within one merchant and one mode: another merchant's customer,
// or one of the other mode, answers 404 exactly like one that does not exist.
import { findOr404 } from "@/lib/api/find";
import { db } from "@/lib/db/client";
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/db/generated/client";
import type { MerchantScope } from "@/lib/auth/access";
import { INVOICE_INCLUDE, toInvoiceResponse } from "@/lib/invoices/serializers";
import { paidForByTransaction } from "@/lib/payments/paid-for";
import { toTransactionResponse } from "@/lib/payments/serializers";
import { toVirtualAccountResponse } from "@/lib/transfers/serializers";
import { toCustomerAllocationResponse, toCustomerResponse, type CustomerResponse } from "./serializers";
import type { CustomerListQuery } from "./schemas";

/** How many of a customer's payments, invoices and allocations the detail carries (newest first). */
export const CUSTOMER_DETAIL_LIMIT = 100;

export type CustomerListPage = { data: CustomerResponse[]; nextCursor: string | null; hasMore: boolean };

/** A cursor's stand-in for "never paid" (customers made for an account number or a card check sort last). */
const NEVER_PAID = new Date(0);

/**
 * Customers who paid most recently first, then those who never paid (given an account number when an
 * invoice was sent, or only a subscription's card check); keyset pages on (lastPaymentAt nulls last, id).
 */
export async function listCustomers({ merchantId, environment }: MerchantScope, query: CustomerListQuery): Promise<CustomerListPage> {
  const and: Prisma.CustomerWhereInput[] = [{ merchantId, environment }];
  // Prisma passes contains to ILIKE as-is: make % and _ (and the escape) literal.
  const search = query.search?.trim().replace(/[\\%_]/g, "\\$&");
  if (search) and.push({ OR: [{ email: { contains: search, mode: "insensitive" } }, { name: { contains: search, mode: "insensitive" } }] });
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    const neverPaidAfter = { lastPaymentAt: null, id: { lt: after.id } };
    and.push(
      after.createdAt.getTime() === NEVER_PAID.getTime()
        ? neverPaidAfter
        : { OR: [{ lastPaymentAt: { lt: after.createdAt } }, { lastPaymentAt: after.createdAt, id: { lt: after.id } }, { lastPaymentAt: null }] },
    );
  }
  const rows = await db.customer.findMany({
    where: { AND: and },
    orderBy: [{ lastPaymentAt: { sort: "desc", nulls: "last" } }, { id: "desc" }],
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor(last.lastPaymentAt ?? NEVER_PAID, last.id) : null;
  return { data: page.map(toCustomerResponse), nextCursor, hasMore: nextCursor !== null };
}

/**
 * One customer with their newest payments (the completed ones counted in their totals), the
 * invoices addressed to their e-mail, any case, in the same mode, their bank account number for
 * transfers (or null) and where their money went (allocations), newest first.
 */
export async function getCustomer({ merchantId, environment }: MerchantScope, customerId: string) {
  const customer = await findOr404(customerId, "Customer not found", (id) => db.customer.findFirst({ where: { id, merchantId, environment } }));
  const [transactions, invoices, refunds, virtualAccount, allocations] = await Promise.all([
    db.transaction.findMany({
      where: { customerId: customer.id, merchantId, environment },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: CUSTOMER_DETAIL_LIMIT,
    }),
    invoicesFor({ merchantId, environment }, customer.email),
    db.transaction.aggregate({ where: { customerId: customer.id, merchantId, environment }, _sum: { refundedAmount: true } }),
    db.virtualAccount.findFirst({ where: { customerId: customer.id, merchantId, environment } }),
    db.paymentAllocation.findMany({
      where: { customerId: customer.id, merchantId, environment },
      include: { transaction: { select: { reference: true } }, invoice: { select: { invoiceNumber: true } } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: CUSTOMER_DETAIL_LIMIT,
    }),
  ]);
  // What each paid for, as the transactions list words it (a transfer: the invoices it paid).
  const paidFor = await paidForByTransaction(merchantId, transactions);
  return {
    customer: toCustomerResponse(customer),
    transactions: transactions.map(toTransactionResponse),
    invoices: invoices.map(toInvoiceResponse),
    virtualAccount: virtualAccount ? toVirtualAccountResponse(virtualAccount) : null,
    allocations: allocations.map(toCustomerAllocationResponse),
    // For the dashboard only (the route answers the five above): how much of totalPaid has been
    // refunded since, in kobo, and what each payment was for, by transaction id.
    refunded: refunds._sum.refundedAmount ?? 0n,
    paidFor: Object.fromEntries(transactions.map((t) => [t.id, paidFor.get(t.id)?.label ?? null])) as Record<string, string | null>,
  };
}

/** Invoices addressed to an e-mail in any case (a plain equality: `_` in an address is no wildcard). */
async function invoicesFor({ merchantId, environment }: MerchantScope, email: string) {
  const ids = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Invoice"
    WHERE "merchantId" = ${merchantId}::uuid AND "environment" = ${environment}::"Environment" AND lower("customerEmail") = lower(${email})
    ORDER BY "createdAt" DESC, "id" DESC
    LIMIT ${CUSTOMER_DETAIL_LIMIT}`;
  if (ids.length === 0) return [];
  return db.invoice.findMany({
    where: { id: { in: ids.map((row) => row.id) } },
    include: INVOICE_INCLUDE,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export type CustomerDetail = Awaited<ReturnType<typeof getCustomer>>;
