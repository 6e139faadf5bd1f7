import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation, pageOf } from "@/lib/api/openapi/operation";
import { MessageSchema, TransactionSchema } from "@/lib/api/openapi/resources";
import { transactionListQuery } from "./queries";
import { initiateSchema, refundSchema, transactionIdParams } from "./schemas";

const tags = ["Payments"];

export const paymentPaths: ZodOpenApiPathsObject = {
  "/api/transactions/initiate": {
    post: operation({
      summary: "Start a payment: a PENDING transaction and the processor's page to send the customer to",
      description: "With a secret key the key fixes the merchant and its mode (test/live). Without credentials it serves the hosted pages.",
      tags, auth: "keyOrPublic", body: initiateSchema, idempotent: true, errors: [403, 404, 422, 429, 502],
      ok: {
        201: ["Payment initiated", MessageSchema.extend({
          reference: z.string(), transactionId: z.uuid(), authorizationUrl: z.url(), accessCode: z.string(),
          status: z.literal("PENDING"), amount: z.int(), currency: z.string(),
        })],
      },
    }),
  },
  "/api/transactions/{transactionId}/verify": {
    get: operation({
      summary: "A transaction's current state, by id or reference",
      tags, auth: "userOrKey", params: transactionIdParams, errors: [404],
      ok: { 200: ["The transaction", z.object({ status: z.literal("success"), data: TransactionSchema })] },
    }),
  },
  "/api/transactions/{transactionId}/refund": {
    post: operation({
      summary: "Refund a completed payment, in full (default) or in part",
      tags, auth: "userOrKey", params: z.object({ transactionId: z.string() }), body: refundSchema, idempotent: true, errors: [403, 404, 422, 502],
      ok: { 200: ["Refund issued", MessageSchema.extend({ transaction: TransactionSchema, refund: z.object({ amount: z.int(), reason: z.string().nullable() }).loose() })] },
    }),
  },
  "/api/transactions/webhooks/{processor}": {
    post: operation({
      summary: "Processor notifications (Paystack, Flutterwave, sandbox)",
      description: "Authenticated by the processor's signature header over the raw body (`x-paystack-signature`, `verif-hash`, `x-sandbox-signature`). Answers 200 with a plain-text acknowledgement.",
      tags: ["Processor webhooks"], auth: "processor", params: z.object({ processor: z.enum(["paystack", "flutterwave", "sandbox"]) }),
      body: z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) }).loose(), errors: [401, 404],
      ok: { 200: ["Acknowledged (text/plain)"] },
    }),
  },
  "/api/merchants/{merchantId}/transactions": {
    get: operation({ summary: "The merchant's transactions, newest first (filters, cursor)", tags, auth: "userOrKey", params: merchantParams, query: transactionListQuery, errors: [403, 404], ok: { 200: ["A page", pageOf(TransactionSchema)] } }),
  },
  "/api/merchants/{merchantId}/transactions/{transactionId}": {
    get: operation({
      summary: "One transaction with its timeline", tags, auth: "userOrKey", params: merchantParams.extend({ transactionId: z.uuid() }), errors: [403, 404],
      ok: { 200: ["The transaction", z.object({ transaction: TransactionSchema, timeline: z.array(z.object({ at: z.iso.datetime(), kind: z.string(), title: z.string(), detail: z.string().optional() })) })] },
    }),
  },
};
