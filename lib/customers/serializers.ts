import type { AllocationKind } from "@/lib/db/generated/enums";
import type { Customer } from "@/lib/db/generated/client";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { CustomerAllocationSchema, CustomerSchema } from "./openapi";

/**
 * A merchant's customer: everyone who completed a payment with one e-mail, in one mode. totalPaid is what
 * their completed payments came to (refunds are not taken off); balance, their credit for the next invoice.
 */
export function toCustomerResponse(c: Customer) {
  return columns(c, [
    "id",
    "email",
    "name",
    "totalPaid",
    "paymentCount",
    "firstPaymentAt",
    "lastPaymentAt",
    "balance",
    "environment",
    "createdAt",
    "updatedAt",
  ]) satisfies ResponseOf<typeof CustomerSchema>;
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
    ...columns(a, ["id", "kind", "amount", "transactionId"]),
    reference: a.transaction?.reference ?? null,
    invoiceId: a.invoiceId,
    invoiceNumber: a.invoice?.invoiceNumber ?? null,
    createdAt: a.createdAt,
  } satisfies ResponseOf<typeof CustomerAllocationSchema>;
}
export type CustomerAllocationResponse = ReturnType<typeof toCustomerAllocationResponse>;
