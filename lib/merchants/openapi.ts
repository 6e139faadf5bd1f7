import { z } from "@/lib/zod";
import { paths } from "@/lib/api/openapi/operation";
import { MerchantSchema, MessageSchema } from "@/lib/api/openapi/resources";
import { merchantUpdateSchema } from "./schemas";

export const merchantPaths = paths("Merchants", "user", {
  "/api/merchants/me": {
    get: {
      operationId: "listMyMerchants",
      summary: "List your merchants",
      description: "The merchants the logged-in user belongs to, with their role in each.",
      ok: { 200: ["Merchants", z.object({ merchants: z.array(MerchantSchema.extend({ role: z.string() })) })] },
    },
  },
  "/api/merchants/{merchantId}/logo": {
    post: {
      operationId: "uploadMerchantLogo",
      summary: "Upload a logo",
      description:
        "The business's logo: a PNG, JPEG or WebP of at most 512 KB, in the multipart form field `logo`. Resized to fit 256×256 and stored as PNG; `logoUrl` becomes `/logos/{merchantId}?v={hash}`, served from our origin.",
      errors: [[400, "`Validation failed`: not multipart, no `logo` file, empty, over 512 KB, or not a PNG, JPEG or WebP image"]],
      ok: { 200: ["Uploaded", MessageSchema.extend({ merchant: MerchantSchema })] },
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
    delete: {
      operationId: "removeMerchantLogo",
      summary: "Remove the uploaded logo",
      ok: { 200: ["Removed", MessageSchema.extend({ merchant: MerchantSchema })] },
    },
  },
  "/api/merchants/{merchantId}": {
    get: {
      operationId: "getMerchant",
      summary: "Get a merchant",
      auth: "userOrKey",
      ok: { 200: ["The merchant", z.object({ merchant: MerchantSchema })] },
    },
    put: {
      operationId: "updateMerchant",
      summary: "Update a merchant",
      description:
        "Update the business profile and branding, and `assignVirtualAccounts` (each invoice's customer gets a bank account number of their own when the invoice is sent). A business that went live keeps its support e-mail and phone (409 on removing them).",
      body: merchantUpdateSchema,
      errors: [[409, "The business went live: its support e-mail and phone cannot be removed"]],
      ok: { 200: ["Updated", MessageSchema.extend({ merchant: MerchantSchema })] },
    },
  },
});
