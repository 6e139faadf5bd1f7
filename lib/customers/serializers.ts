import type { Customer } from "@/lib/db/generated/client";

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
  };
}
export type CustomerResponse = ReturnType<typeof toCustomerResponse>;
