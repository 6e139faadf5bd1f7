import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation, pageOf, raw } from "@/lib/api/openapi/operation";
import { InvoiceSchema, MessageSchema } from "@/lib/api/openapi/resources";
import { createInvoiceSchema, invoiceListQuery, updateInvoiceSchema } from "./schemas";

const tags = ["Invoices"];
const invoiceParams = merchantParams.extend({ invoiceId: z.uuid() });
const withInvoice = MessageSchema.extend({ invoice: InvoiceSchema });

export const invoicePaths: ZodOpenApiPathsObject = {
  "/api/merchants/{merchantId}/invoices": {
    post: operation({
      operationId: "createInvoice",
      summary: "Create an invoice",
      description: "Create an invoice (DRAFT, or SENT to e-mail it at once)",
      tags,
      auth: "user",
      params: merchantParams,
      body: createInvoiceSchema,
      idempotent: true,
      errors: [403, 404, 422],
      ok: { 201: ["Created", withInvoice] },
    }),
    get: operation({
      operationId: "listInvoices",
      summary: "List invoices",
      description: "List invoices, newest first, optionally by status.",
      tags,
      auth: "user",
      params: merchantParams,
      query: invoiceListQuery,
      errors: [403, 404],
      ok: { 200: ["A page", pageOf(InvoiceSchema)] },
    }),
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}": {
    get: operation({
      operationId: "getInvoice",
      summary: "Get an invoice",
      description: "An invoice with its payments.",
      tags,
      auth: "user",
      params: invoiceParams,
      errors: [403, 404],
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
                status: z.string(),
                createdAt: z.iso.datetime(),
                completedAt: z.iso.datetime().nullable(),
              }),
            ),
          }),
        ],
      },
    }),
    patch: operation({
      operationId: "updateInvoice",
      summary: "Update a draft invoice",
      description: "Edit a DRAFT invoice.",
      tags,
      auth: "user",
      params: invoiceParams,
      body: updateInvoiceSchema,
      errors: [403, 404, 409],
      ok: { 200: ["Updated", withInvoice] },
    }),
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/send": {
    post: operation({
      operationId: "sendInvoice",
      summary: "Send an invoice",
      description: "E-mail the customer a link to pay (a draft becomes SENT; again re-sends)",
      tags,
      auth: "user",
      params: invoiceParams,
      errors: [403, 404, 409, 503],
      ok: { 200: ["Sent", withInvoice] },
    }),
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/void": {
    post: operation({
      operationId: "voidInvoice",
      summary: "Void an invoice",
      description: "Void an unpaid invoice.",
      tags,
      auth: "user",
      params: invoiceParams,
      errors: [403, 404, 409],
      ok: { 200: ["Voided", withInvoice] },
    }),
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/pdf": {
    get: operation({
      operationId: "getInvoicePdf",
      summary: "Download an invoice PDF",
      description: "The invoice as a PDF (application/pdf)",
      tags,
      auth: "user",
      params: invoiceParams,
      errors: [403, 404],
      ok: { 200: ["The PDF", raw("application/pdf")] },
    }),
  },
};
