import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation, pageOf } from "@/lib/api/openapi/operation";
import { InvoiceSchema, MessageSchema } from "@/lib/api/openapi/resources";
import { createInvoiceSchema, invoiceListQuery, updateInvoiceSchema } from "./schemas";

const tags = ["Invoices"];
const invoiceParams = merchantParams.extend({ invoiceId: z.uuid() });
const withInvoice = MessageSchema.extend({ invoice: InvoiceSchema });

export const invoicePaths: ZodOpenApiPathsObject = {
  "/api/merchants/{merchantId}/invoices": {
    post: operation({ summary: "Create an invoice (DRAFT, or SENT to e-mail it at once)", tags, auth: "user", params: merchantParams, body: createInvoiceSchema, idempotent: true, errors: [403, 404, 422], ok: { 201: ["Created", withInvoice] } }),
    get: operation({ summary: "List invoices, newest first, optionally by status", tags, auth: "user", params: merchantParams, query: invoiceListQuery, errors: [403, 404], ok: { 200: ["A page", pageOf(InvoiceSchema)] } }),
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}": {
    get: operation({ summary: "An invoice with its payments", tags, auth: "user", params: invoiceParams, errors: [403, 404], ok: { 200: ["The invoice", z.object({ invoice: InvoiceSchema, payments: z.array(z.object({ id: z.uuid(), reference: z.string(), amount: z.int(), status: z.string(), createdAt: z.iso.datetime(), completedAt: z.iso.datetime().nullable() })) })] } }),
    patch: operation({ summary: "Edit a DRAFT invoice", tags, auth: "user", params: invoiceParams, body: updateInvoiceSchema, errors: [403, 404, 409], ok: { 200: ["Updated", withInvoice] } }),
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/send": {
    post: operation({ summary: "E-mail the customer a link to pay (a draft becomes SENT; again re-sends)", tags, auth: "user", params: invoiceParams, errors: [403, 404, 409, 502], ok: { 200: ["Sent", withInvoice] } }),
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/void": {
    post: operation({ summary: "Void an unpaid invoice", tags, auth: "user", params: invoiceParams, errors: [403, 404, 409], ok: { 200: ["Voided", withInvoice] } }),
  },
  "/api/merchants/{merchantId}/invoices/{invoiceId}/pdf": {
    get: operation({ summary: "The invoice as a PDF (application/pdf)", tags, auth: "user", params: invoiceParams, errors: [403, 404], ok: { 200: ["The PDF"] } }),
  },
};
