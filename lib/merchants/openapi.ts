import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation } from "@/lib/api/openapi/operation";
import { MerchantSchema, MessageSchema } from "@/lib/api/openapi/resources";
import { merchantUpdateSchema } from "./schemas";

const tags = ["Merchants"];

export const merchantPaths: ZodOpenApiPathsObject = {
  "/api/merchants/me": {
    get: operation({ summary: "The merchants the logged-in user belongs to, with their role in each", tags, auth: "user", ok: { 200: ["Merchants", z.object({ merchants: z.array(MerchantSchema.extend({ role: z.string() })) })] } }),
  },
  "/api/merchants/{merchantId}": {
    get: operation({ summary: "Merchant details", tags, auth: "userOrKey", params: merchantParams, errors: [403, 404], ok: { 200: ["The merchant", z.object({ merchant: MerchantSchema })] } }),
    put: operation({ summary: "Update the business profile and branding", tags, auth: "user", params: merchantParams, body: merchantUpdateSchema, errors: [403, 404], ok: { 200: ["Updated", MessageSchema.extend({ merchant: MerchantSchema })] } }),
  },
};
