import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation } from "@/lib/api/openapi/operation";
import { MerchantSchema, MessageSchema } from "@/lib/api/openapi/resources";
import { merchantUpdateSchema } from "./schemas";

const tags = ["Merchants"];

export const merchantPaths: ZodOpenApiPathsObject = {
  "/api/merchants/me": {
    get: operation({
      operationId: "listMyMerchants",
      summary: "List your merchants",
      description: "The merchants the logged-in user belongs to, with their role in each.",
      tags,
      auth: "user",
      ok: { 200: ["Merchants", z.object({ merchants: z.array(MerchantSchema.extend({ role: z.string() })) })] },
    }),
  },
  "/api/merchants/{merchantId}/logo": {
    post: {
      ...operation({
        operationId: "uploadMerchantLogo",
        summary: "Upload a logo",
        description:
          "The business's logo: a PNG, JPEG or WebP of at most 512 KB, in the multipart form field `logo`. Resized to fit 256×256 and stored as PNG; `logoUrl` becomes `/logos/{merchantId}?v={hash}`, served from our origin.",
        tags,
        auth: "user",
        params: merchantParams,
        errors: [[400, "`Validation failed`: not multipart, no `logo` file, empty, over 512 KB, or not a PNG, JPEG or WebP image"], 403, 404],
        ok: { 200: ["Uploaded", MessageSchema.extend({ merchant: MerchantSchema })] },
      }),
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: { logo: { type: "string", contentMediaType: "application/octet-stream", description: "The image file" } },
              required: ["logo"],
            },
          },
        },
      },
    },
    delete: operation({
      operationId: "removeMerchantLogo",
      summary: "Remove the uploaded logo",
      tags,
      auth: "user",
      params: merchantParams,
      errors: [403, 404],
      ok: { 200: ["Removed", MessageSchema.extend({ merchant: MerchantSchema })] },
    }),
  },
  "/api/merchants/{merchantId}": {
    get: operation({
      operationId: "getMerchant",
      summary: "Get a merchant",
      tags,
      auth: "userOrKey",
      params: merchantParams,
      errors: [403, 404],
      ok: { 200: ["The merchant", z.object({ merchant: MerchantSchema })] },
    }),
    put: operation({
      operationId: "updateMerchant",
      summary: "Update a merchant",
      description: "Update the business profile and branding.",
      tags,
      auth: "user",
      params: merchantParams,
      body: merchantUpdateSchema,
      errors: [403, 404],
      ok: { 200: ["Updated", MessageSchema.extend({ merchant: MerchantSchema })] },
    }),
  },
};
