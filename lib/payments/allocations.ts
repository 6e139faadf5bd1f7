// Where a payment's money went (lib/invoices/allocation.ts records it: invoices paid, credit made or
// given back) and, for a bank transfer, the customer's account number it arrived in. The dashboard's
// transaction page shows both; scoped to the merchant and mode like every read.
import { db } from "@/lib/db/client";
import type { MerchantScope } from "@/lib/auth/access";

export async function paymentTrail({ merchantId, environment }: MerchantScope, transactionId: string) {
  const [allocations, row] = await Promise.all([
    db.paymentAllocation.findMany({
      where: { transactionId, merchantId, environment },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, kind: true, amount: true, createdAt: true, invoice: { select: { id: true, invoiceNumber: true } } },
    }),
    db.transaction.findFirst({
      where: { id: transactionId, merchantId, environment },
      select: { virtualAccount: { select: { bankName: true, accountNumber: true, accountName: true } } },
    }),
  ]);
  return { allocations, account: row?.virtualAccount ?? null };
}
export type PaymentTrail = Awaited<ReturnType<typeof paymentTrail>>;
