import { z } from "@/lib/api/validation";
import { pageOf, paths } from "@/lib/api/openapi/operation";
import { InvoiceSchema, TransactionSchema } from "@/lib/api/openapi/resources";
import { customerListQuery } from "./schemas";
import { CUSTOMER_DETAIL_LIMIT } from "./queries";

const ts = z.iso.datetime();

export const CustomerSchema = z
  .object({
    id: z.uuid(),
    email: z.email().meta({ description: "Lower-cased: payments by one address in any case are one customer", example: "chidi@example.com" }),
    name: z.string().nullable().meta({ description: "The name given with their latest payment that had one" }),
    totalPaid: z.int().meta({ description: "What their completed payments came to, in kobo (refunds are not taken off)" }),
    paymentCount: z.int().meta({ description: "How many payments they completed" }),
    firstPaymentAt: ts.nullable(),
    lastPaymentAt: ts.nullable(),
    balance: z.int().meta({ description: "Credit in kobo: what they paid beyond what their invoices owed, applied to their next invoice" }),
    environment: z.enum(["test", "live"]),
    createdAt: ts,
    updatedAt: ts,
  })
  .meta({ id: "Customer" });

export const customerPaths = paths("Customers", "userOrKey", {
  "/api/merchants/{merchantId}/customers": {
    get: {
      operationId: "listCustomers",
      summary: "List customers",
      description:
        "One customer per e-mail address (any case) and mode, made by their first completed payment and kept up to date as they pay. `search` matches part of the e-mail or the name, any case.",
      query: customerListQuery,
      ok: { 200: ["A page of customers", pageOf(CustomerSchema)] },
    },
  },
  "/api/merchants/{merchantId}/customers/{customerId}": {
    get: {
      operationId: "getCustomer",
      summary: "Get a customer",
      description: `The newest ${CUSTOMER_DETAIL_LIMIT} of their completed payments (\`paymentCount\` says how many there are) and of the invoices addressed to their e-mail, in the same mode. Another merchant's customer, or one of the other mode, answers 404.`,
      ok: { 200: ["The customer", z.object({ customer: CustomerSchema, transactions: z.array(TransactionSchema), invoices: z.array(InvoiceSchema) })] },
    },
  },
});
