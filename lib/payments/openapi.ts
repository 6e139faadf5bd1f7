import { z } from "@/lib/zod";
import { pageOf, paths, raw, type PathTable } from "@/lib/api/openapi/operation";
import { MessageSchema, RefundSchema, TransactionSchema } from "@/lib/api/openapi/resources";
import { CATALOG, PROCESSOR_NAMES, type CatalogEntry } from "@/lib/processors/catalog";
import { scopedTransactionListQuery, transactionListQuery } from "./queries";
import { initiateSchema, refundSchema, transactionIdParams } from "./schemas";

/** POST /api/transactions/webhooks/{name}: what one processor posts to us. */
function processorWebhook({ name, displayName, webhook }: CatalogEntry): PathTable {
  return {
    [`/api/transactions/webhooks/${name}`]: {
      post: {
        operationId: `receive${displayName}Webhook`,
        summary: `${displayName} notifications`,
        description: `Authenticated by a signature over the raw body: ${webhook.signature} A bad signature answers 401 and stores nothing. A signed body with a malformed field answers 400 \`Malformed webhook: <field>: <problem>\` (recorded, nothing changed). Each event is acted on once.`,
        tags: ["Processor webhooks"],
        auth: "processor",
        body: z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) }).loose(),
        errors: [401],
        ok: { 200: ["Acknowledged: `Webhook received`", raw("text/plain")] },
      },
    },
  };
}

export const paymentPaths = paths("Payments", "userOrKey", {
  "/api/transactions/initiate": {
    post: {
      operationId: "initiateTransaction",
      summary: "Initiate a payment",
      description:
        "With a secret key the key fixes the merchant and its mode (test/live): `merchantId` may be left out, and when sent it must be the key's merchant (404 otherwise). Without credentials (the hosted pages) `merchantId` is required. A live payment (live key, or a live link, invoice or plan) needs the merchant's go-live checklist done: 409 with `missing` otherwise. With `planId` the customer subscribes: the plan sets the amount (its price, or a ₦50 card check, refunded at once, when it starts with a free trial), the payment is by card (another `channel` answers 400 `Subscriptions are paid by card`), and a plan that is unknown, inactive or of the other mode answers 404 `Plan not found or is inactive`. The subscription starts when the payment completes with a card that can be charged again (the `subscription.created` event). With `invoiceId` the amount is the invoice's `amountDue`; when the invoice has `allowPartialPayments` it may be an instalment instead, from its `minimumPaymentAmount` (at least 5000; the whole `amountDue` when that is less) up to `amountDue`, leaving either nothing or at least 5000 owed. Any other amount answers 400 with an error on `amount` that names the limits in kobo. A restricted key needs `payments:initiate` (403 otherwise).",
      auth: "keyOrPublic",
      body: initiateSchema,
      idempotent: true,
      errors: [403, 404, 409, 422, 429, 502],
      ok: {
        201: [
          "Payment initiated",
          MessageSchema.extend({
            reference: z.string(),
            transactionId: z.uuid(),
            authorizationUrl: z.url(),
            accessCode: z.string(),
            status: z.literal("PENDING"),
            amount: z.int(),
            currency: z.string(),
            processor: z.enum(PROCESSOR_NAMES).meta({ description: "The processor that took the payment: the route's first that could start it." }),
          }),
        ],
      },
    },
  },
  "/api/transactions/{transactionId}/verify": {
    get: {
      operationId: "verifyTransaction",
      summary: "Verify a payment",
      description: "A transaction's current state, by id or reference.",
      params: transactionIdParams,
      errors: [[400, "`Invalid transaction ID format`: neither a transaction id nor a reference"], 403, 404],
      ok: { 200: ["The transaction", z.object({ status: z.literal("success"), data: TransactionSchema })] },
    },
  },
  "/api/transactions/{transactionId}/refund": {
    post: {
      operationId: "refundTransaction",
      summary: "Refund a payment",
      params: z.object({ transactionId: z.string() }),
      body: refundSchema,
      idempotent: true,
      errors: [403, 404, 409, 422, 502],
      description:
        "Reserves the amount and records a pending Refund, then asks the processor. `refund.id` is that Refund's id (as in the refund.processed and refund.failed events); `status` is `processed` when the processor refunds at once (the sandbox), else `pending` until its refund event arrives. A processor refusal answers 502 and nothing stays reserved.",
      ok: {
        200: [
          "Refund issued",
          MessageSchema.extend({
            transaction: TransactionSchema,
            refund: z.object({ id: z.uuid(), amount: z.int(), status: z.enum(["pending", "processed", "failed"]) }),
          }),
        ],
      },
    },
  },
  // One path per processor in the catalog (the route is /api/transactions/webhooks/[processor]; any other name answers 404).
  ...CATALOG.reduce<PathTable>((table, entry) => ({ ...table, ...processorWebhook(entry) }), {}),
  "/api/transactions": {
    get: {
      operationId: "listTransactionsByKey",
      summary: "List transactions (your key's merchant)",
      description:
        "The same list as /api/merchants/{merchantId}/transactions, for callers who do not hold the merchant's id: a secret key lists its own merchant's transactions in its mode; a user token names the merchant in `merchantId`. Needs `payments:read`.",
      query: scopedTransactionListQuery,
      errors: [400, 403, 404],
      ok: { 200: ["A page", pageOf(TransactionSchema)] },
    },
  },
  "/api/merchants/{merchantId}/transactions": {
    get: {
      operationId: "listTransactions",
      summary: "List transactions",
      description: "The merchant's transactions, newest first (filters, cursor)",
      query: transactionListQuery,
      ok: { 200: ["A page", pageOf(TransactionSchema)] },
    },
  },
  "/api/merchants/{merchantId}/transactions/{transactionId}": {
    get: {
      operationId: "getTransaction",
      summary: "Get a transaction",
      description: "One transaction with its timeline and its refunds.",
      ok: {
        200: [
          "The transaction",
          z.object({
            transaction: TransactionSchema,
            timeline: z.array(z.object({ at: z.iso.datetime(), kind: z.string(), title: z.string(), detail: z.string().optional() })),
            refunds: z
              .array(
                RefundSchema.extend({
                  requestedBy: z
                    .object({ type: z.enum(["user", "apiKey"]), id: z.string() })
                    .nullable()
                    .meta({ description: "Who asked: a team member or a secret key; null for automatic refunds" }),
                }),
              )
              .meta({ description: "Its refunds, oldest first" }),
          }),
        ],
      },
    },
  },
});
