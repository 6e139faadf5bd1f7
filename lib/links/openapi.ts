import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation, pageOf } from "@/lib/api/openapi/operation";
import { MessageSchema, PaymentLinkSchema, PublicPaymentLinkSchema } from "@/lib/api/openapi/resources";
import { createLinkSchema, linkListQuery, updateLinkSchema } from "./schemas";

const tags = ["Payment links"];
const linkParams = merchantParams.extend({ linkId: z.uuid() });

export const linkPaths: ZodOpenApiPathsObject = {
  "/api/merchants/{merchantId}/payment-links": {
    post: operation({
      operationId: "createPaymentLink",
      summary: "Create a payment link",
      description: "Create a payment link (customers pay at /pay/{slug})",
      tags,
      auth: "user",
      params: merchantParams,
      body: createLinkSchema,
      idempotent: true,
      errors: [403, 404, 409, 422],
      ok: { 201: ["Created", MessageSchema.extend({ link: PaymentLinkSchema })] },
    }),
    get: operation({
      operationId: "listPaymentLinks",
      summary: "List payment links",
      description: "List payment links, newest first.",
      tags,
      auth: "user",
      params: merchantParams,
      query: linkListQuery,
      errors: [403, 404],
      ok: { 200: ["A page", pageOf(PaymentLinkSchema)] },
    }),
  },
  "/api/merchants/{merchantId}/payment-links/{linkId}": {
    get: operation({
      operationId: "getPaymentLink",
      summary: "Get a payment link",
      description: "A payment link with its visits, payments and amount collected.",
      tags,
      auth: "user",
      params: linkParams,
      errors: [403, 404],
      ok: { 200: ["The link", z.object({ link: PaymentLinkSchema, stats: z.object({ visits: z.int(), payments: z.int(), collected: z.int() }) })] },
    }),
    patch: operation({
      operationId: "updatePaymentLink",
      summary: "Update a payment link",
      description: "Change a link (not its slug); isActive turns it on or off.",
      tags,
      auth: "user",
      params: linkParams,
      body: updateLinkSchema,
      errors: [403, 404],
      ok: { 200: ["Updated", MessageSchema.extend({ link: PaymentLinkSchema })] },
    }),
    delete: operation({
      operationId: "deletePaymentLink",
      summary: "Delete a payment link",
      description: "Delete a link that has no payments (deactivate it otherwise)",
      tags,
      auth: "user",
      params: linkParams,
      errors: [403, 404, 409],
      ok: { 200: ["Deleted", MessageSchema] },
    }),
  },
  "/api/payment-links/{slug}": {
    get: operation({
      operationId: "getPublicPaymentLink",
      summary: "Get a public payment link",
      description: "The public view of an active link, with the merchant's public details.",
      tags,
      auth: "public",
      params: z.object({ slug: z.string() }),
      errors: [404, 429],
      ok: { 200: ["The link", PublicPaymentLinkSchema] },
    }),
  },
};
