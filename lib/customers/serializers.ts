import type { AllocationKind } from "@/lib/db/generated/enums";
import type { Customer } from "@/lib/db/generated/client";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { CustomerAllocationSchema, CustomerSchema } from "./openapi";

/** A merchant's customer: everyone who completed a payment with one e-mail, in one mode. */
export function toCustomerResponse(c: Customer) {
  return {
    id: c.id,
    email: c.email,
    name: c.name,
    /** What the customer's completed payments came to, in kobo (refunds are not taken off). */
    totalPaid: c.totalPaid,
    paymentCount: c.paymentCount,
    firstPaymentAt: c.firstPaymentAt,
    lastPaymentAt: c.lastPaymentAt,
    /** Credit in kobo, applied to their next invoice. */
    balance: c.balance,
    environment: c.environment,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  } satisfies ResponseOf<typeof CustomerSchema>;
}
export type CustomerResponse = ReturnType<typeof toCustomerResponse>;

export type CustomerAllocationRow = {
  id: string;
  kind: AllocationKind;
  amount: bigint;
  transactionId: string | null;
  invoiceId: string | null;
  createdAt: Date;
  transaction: { reference: string } | null;
  invoice: { invoiceNumber: string } | null;
};

/** Where some of the customer's money went: an invoice, their credit, credit applied to an invoice, or credit given back. */
export function toCustomerAllocationResponse(a: CustomerAllocationRow) {
  return {
    id: a.id,
    kind: a.kind,
    amount: a.amount,
    transactionId: a.transactionId,
    reference: a.transaction?.reference ?? null,
    invoiceId: a.invoiceId,
    invoiceNumber: a.invoice?.invoiceNumber ?? null,
    createdAt: a.createdAt,
  } satisfies ResponseOf<typeof CustomerAllocationSchema>;
}
export type CustomerAllocationResponse = ReturnType<typeof toCustomerAllocationResponse>;
