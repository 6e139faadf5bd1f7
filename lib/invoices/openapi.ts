import { z } from "@/lib/zod";
import { pageOf, paths, raw } from "@/lib/api/openapi/operation";
import { InvoiceSchema, MessageSchema } from "@/lib/api/openapi/resources";
import { createInvoiceSchema, invoiceListQuery, updateInvoiceSchema } from "./schemas";

const withInvoice = MessageSchema.extend({ invoice: InvoiceSchema });

export const invoicePaths = paths("Invoices", "userOrKey", {
  "/api/merchants/{merchantId}/invoices": {
    post: {
      operationId: "createInvoice",
      summary: "Create an invoice",
      description:
        "Create an invoice (DRAFT, or SENT to e-mail it at once). In live mode, only once the go-live checklist is done. SENT: 403 until the business's owner has verified their e-mail address; 429 past the business's hourly limit of customer e-mails (100 in test mode, 5,000 live). A user JWT (the contract) or a restricted key holding `invoices:write`; the default secret key answers 401.",
      body: createInvoiceSchema,
      idempotent: true,
      errors: [[409, "Live mode, and the go-live checklist is not done (`missing` lists the steps left)"], 422, 429],
      ok: { 201: ["Created", withInvoice] },
    },
    get: {
      operationId: "listInvoices",
      summary: "List invoices",
      description: "List invoices, newest first, optionally by status.",
      query: invoiceListQuery,
      ok: { 200: ["A page", pageOf(InvoiceSchema)] },
    },
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}": {
    get: {
      operationId: "getInvoice",
      summary: "Get an invoice",
      description: "An invoice with its payments.",
      ok: {
        200: [
          "The invoice",
          z.object({
            invoice: InvoiceSchema,
            payments: z.array(
              z.object({
                id: z.uuid(),
                reference: z.string(),
                amount: z.int(),
                refundedAmount: z.int().meta({ description: "How much of it was refunded, in kobo (REFUNDED with less than amount: partially refunded)" }),
                status: z.string(),
                createdAt: z.iso.datetime(),
                completedAt: z.iso.datetime().nullable(),
              }),
            ),
          }),
        ],
      },
    },
    patch: {
      operationId: "updateInvoice",
      summary: "Update a draft invoice",
      description: "Edit a DRAFT invoice.",
      body: updateInvoiceSchema,
      errors: [409],
      ok: { 200: ["Updated", withInvoice] },
    },
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/send": {
    post: {
      operationId: "sendInvoice",
      idempotent: true,
      summary: "Send an invoice",
      description:
        "E-mail the customer a link to pay (a draft becomes SENT; again re-sends). 403 until the business's owner has verified their e-mail address; 429 past the business's hourly limit of customer e-mails (100 in test mode, 5,000 live).",
      errors: [409, 429],
      ok: { 200: ["Sent", withInvoice] },
    },
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/void": {
    post: {
      operationId: "voidInvoice",
      idempotent: true,
      summary: "Void an invoice",
      description: "Void an unpaid invoice.",
      errors: [409],
      ok: { 200: ["Voided", withInvoice] },
    },
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/pdf": {
    get: {
      operationId: "getInvoicePdf",
      summary: "Download an invoice PDF",
      description: "The invoice as a PDF (application/pdf)",
      ok: { 200: ["The PDF", raw("application/pdf")] },
    },
  },
});
