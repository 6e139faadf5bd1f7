import { z } from "@/lib/zod";
import { pageOf, paths } from "@/lib/api/openapi/operation";
import { InvoiceSchema, TransactionSchema, env, ts } from "@/lib/api/openapi/resources";
import { customerListQuery } from "./schemas";
import { CUSTOMER_DETAIL_LIMIT } from "./queries";

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
    environment: env,
    createdAt: ts,
    updatedAt: ts,
  })
  .meta({ id: "Customer" });

/** No schema id: the virtual-account endpoints (lib/transfers) answer the same shape. */
export const VirtualAccountSchema = z.object({
  bankName: z.string().meta({ example: "Wema Bank" }),
  accountNumber: z.string().meta({ example: "9930000123" }),
  accountName: z.string().meta({ example: "PAYLINK/NGOZI EZE" }),
  status: z.string().meta({ description: "active, or inactive once the processor deactivated it" }),
  createdAt: ts,
});

export const CustomerAllocationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["payment", "credit", "credit_applied", "credit_refunded"]).meta({
      description:
        "payment: a payment paid an invoice; credit: the part of a payment beyond what their invoices owed became credit; credit_applied: their credit paid an invoice; credit_refunded: credit given back",
    }),
    amount: z.int().meta({ description: "In kobo" }),
    transactionId: z.uuid().nullable().meta({ description: "The payment the money came from; null for credit_applied" }),
    reference: z.string().nullable().meta({ description: "That payment's reference" }),
    invoiceId: z.uuid().nullable().meta({ description: "The invoice it paid (payment, credit_applied); else null" }),
    invoiceNumber: z.string().nullable().meta({ example: "INV-000042" }),
    createdAt: ts,
  })
  .meta({ id: "CustomerAllocation" });

export const customerPaths = paths("Customers", "userOrKey", {
  "/api/merchants/{merchantId}/customers": {
    get: {
      operationId: "listCustomers",
      summary: "List customers",
      description:
        "One customer per e-mail address (any case) and mode, made by their first completed payment (or by an invoice sent with an account number for them, listed after those who paid) and kept up to date as they pay. `search` matches part of the e-mail or the name, any case.",
      query: customerListQuery,
      ok: { 200: ["A page of customers", pageOf(CustomerSchema)] },
    },
  },
  "/api/merchants/{merchantId}/customers/{customerId}": {
    get: {
      operationId: "getCustomer",
      summary: "Get a customer",
      description: `The newest ${CUSTOMER_DETAIL_LIMIT} of their completed payments (\`paymentCount\` says how many there are), of the invoices addressed to their e-mail, in the same mode, and of their allocations (where their money went: invoices paid, credit made, applied and refunded). \`virtualAccount\` is the bank account number they pay into by transfer, or null. Another merchant's customer, or one of the other mode, answers 404.`,
      ok: {
        200: [
          "The customer",
          z.object({
            customer: CustomerSchema,
            transactions: z.array(TransactionSchema),
            invoices: z.array(InvoiceSchema),
            virtualAccount: VirtualAccountSchema.nullable(),
            allocations: z.array(CustomerAllocationSchema).meta({ description: "Newest first" }),
          }),
        ],
      },
    },
  },
});
