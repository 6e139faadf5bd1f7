import { z } from "@/lib/zod";
import { pageOf, paths } from "@/lib/api/openapi/operation";
import { MessageSchema, PaymentLinkSchema, PublicPaymentLinkSchema } from "@/lib/api/openapi/resources";
import { createLinkSchema, linkListQuery, updateLinkSchema } from "./schemas";

export const linkPaths = paths("Payment links", "userOrKey", {
  "/api/merchants/{merchantId}/payment-links": {
    post: {
      operationId: "createPaymentLink",
      summary: "Create a payment link",
      description:
        "Create a payment link (customers pay at /pay/{slug}). In live mode, only once the go-live checklist is done. A user JWT (the contract) or a restricted key holding `links:write`; the default secret key answers 401.",
      body: createLinkSchema,
      idempotent: true,
      errors: [[409, "The slug is taken, or (live mode) the go-live checklist is not done (`missing` lists the steps left)"], 422],
      ok: { 201: ["Created", MessageSchema.extend({ link: PaymentLinkSchema })] },
    },
    get: {
      operationId: "listPaymentLinks",
      summary: "List payment links",
      description: "List payment links, newest first.",
      query: linkListQuery,
      ok: { 200: ["A page", pageOf(PaymentLinkSchema)] },
    },
  },
  "/api/merchants/{merchantId}/payment-links/{linkId}": {
    get: {
      operationId: "getPaymentLink",
      summary: "Get a payment link",
      description: "A payment link with its visits, payments and amount collected.",
      ok: { 200: ["The link", z.object({ link: PaymentLinkSchema, stats: z.object({ visits: z.int(), payments: z.int(), collected: z.int() }) })] },
    },
    patch: {
      operationId: "updatePaymentLink",
      summary: "Update a payment link",
      description: "Change a link (not its slug); isActive turns it on or off.",
      body: updateLinkSchema,
      ok: { 200: ["Updated", MessageSchema.extend({ link: PaymentLinkSchema })] },
    },
    delete: {
      operationId: "deletePaymentLink",
      summary: "Delete a payment link",
      description: "Delete a link that has no payments (deactivate it otherwise)",
      errors: [409],
      ok: { 200: ["Deleted", MessageSchema] },
    },
  },
  "/api/payment-links/{slug}": {
    get: {
      operationId: "getPublicPaymentLink",
      summary: "Get a public payment link",
      description: "The public view of an active link, with the merchant's public details.",
      auth: "public",
      params: z.object({ slug: z.string() }),
      errors: [404, 429],
      ok: { 200: ["The link", PublicPaymentLinkSchema] },
    },
  },
});
