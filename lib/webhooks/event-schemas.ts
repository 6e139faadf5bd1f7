// The outbound events in the OpenAPI document: the envelope every webhook delivery carries
// (./envelope.ts), each event type's `data` (as recorded where the event is written to the outbox,
// ./outbox.ts), and the 3.1 `webhooks` section that documents them as requests we send to the
// merchant's endpoint. tests/setup/database.ts checks every event a test file recorded against
// these schemas, so they stay true.
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/zod";
import { InvoiceSchema, PayoutSchema, RefundSchema, SubscriptionSchema, TransactionSchema } from "@/lib/api/openapi/resources";
import { CustomerSchema } from "@/lib/customers/openapi";
import { TEST_EVENT_TYPE } from "./envelope";
import { LATEST_VERSION, VERSION_NAMES } from "@/lib/api/versions";
import { EVENT_TYPES, type EventType } from "./outbox";

const ts = z.iso.datetime();
const refundStatus = RefundSchema.shape.status;

/** Each event type's `data`, where it is recorded: lib/payments/settle.ts (also transaction.abandoned, from reconcile.ts), refunds.ts, refund-records.ts, lib/invoices (state.ts: invoice.paid), lib/links/service.ts, lib/payouts/sync.ts. */
/** An invoice event caused by money: the Invoice, the payment (null: the customer's credit) and what it paid. */
const instalment = InvoiceSchema.extend({ transactionId: z.uuid().nullable(), reference: z.string().nullable(), amountApplied: z.int() }).strict();

const EVENT_DATA: Record<EventType | typeof TEST_EVENT_TYPE, { summary: string; description: string; data: z.ZodType }> = {
  "transaction.completed": {
    summary: "A payment completed",
    description: "The processor confirmed the payment (`status` COMPLETED). `data` is the Transaction; verify it and fulfil the order.",
    data: TransactionSchema,
  },
  "transaction.failed": {
    summary: "A payment failed",
    description: "The processor declined or cancelled the payment (`status` FAILED). `data` is the Transaction.",
    data: TransactionSchema,
  },
  "transaction.abandoned": {
    summary: "A checkout expired unpaid",
    description:
      "Not paid within the checkout's 30 minutes, and the processor confirmed it still unpaid (`status` ABANDONED). `data` is the Transaction. If the customer pays late after all, `transaction.completed` follows.",
    data: TransactionSchema,
  },
  "transaction.refunded": {
    summary: "A refund was issued",
    description:
      "A refund of this payment was asked of the processor. `data` is the Transaction (REFUNDED, `refundedAmount` included) with the `refund` just issued; `refund.processed` or `refund.failed` follows when the processor settles it (at once in the sandbox).",
    data: TransactionSchema.extend({
      refund: z.strictObject({ id: z.uuid(), amount: z.int(), status: refundStatus, reason: z.string().nullable(), processorRefundId: z.string().nullable() }),
    }).strict(),
  },
  "refund.processed": {
    summary: "A refund reached the customer",
    description: "The processor confirmed a refund. `data` is the Refund.",
    data: RefundSchema,
  },
  "refund.failed": {
    summary: "A refund failed",
    description: "The processor could not refund; the amount is given back to refund (`failureReason` says why). `data` is the Refund.",
    data: RefundSchema,
  },
  "invoice.sent": {
    summary: "An invoice was e-mailed to the customer",
    description: "`data` is the Invoice (SENT).",
    data: InvoiceSchema,
  },
  "invoice.paid": {
    summary: "An invoice was paid in full",
    description:
      "Sent once, when `amountDue` reaches 0. `data` is the Invoice (PAID), with `transactionId` and `reference` naming the payment that paid the rest (null when the customer's credit did) and `amountApplied` what it paid (its transaction.completed event comes too).",
    data: instalment,
  },
  "invoice.partially_paid": {
    summary: "An instalment was paid",
    description:
      "A payment (or the customer's credit) paid part of the invoice and some is still owed. `data` is the Invoice (PARTIALLY_PAID, or OVERDUE when past due), with `transactionId`, `reference` and `amountApplied` as in invoice.paid.",
    data: instalment,
  },
  "invoice.overdue": {
    summary: "An invoice passed its due date unpaid",
    description:
      "Sent once, by the daily job, for a SENT or PARTIALLY_PAID invoice past its due day. `data` is the Invoice (OVERDUE; `amountDue` is what is still owed).",
    data: InvoiceSchema,
  },
  "payment-link.visited": {
    summary: "A customer opened a payment link",
    description: "Sent for every visit to the link's page, so busy links send many.",
    data: z.strictObject({ id: z.uuid(), slug: z.string(), title: z.string(), visitedAt: ts }),
  },
  "payout.paid": {
    summary: "A payout reached the merchant's bank",
    description: "`data` is the Payout (paid) with the references of the transactions it settled.",
    data: PayoutSchema.extend({ transactionReferences: z.array(z.string()) }).strict(),
  },
  "subscription.created": {
    summary: "A customer subscribed to a plan",
    description:
      "The first payment (or, with a trial, the card check) completed with a card that can be charged again. `data` is the Subscription (`trialing` or `active`).",
    data: SubscriptionSchema,
  },
  "subscription.renewed": {
    summary: "A subscription's period was paid",
    description:
      "`data` is the Subscription (active, in its new period), with `transactionId` and `reference` naming the payment (its transaction.completed event comes too).",
    data: SubscriptionSchema.extend({ transactionId: z.uuid(), reference: z.string() }).strict(),
  },
  "subscription.payment_failed": {
    summary: "A renewal charge failed",
    description:
      "`data` is the Subscription, with the failed payment (`transactionId`, `reference`), the processor's reason and whether it will be retried (`nextChargeAt` says when).",
    data: SubscriptionSchema.extend({ transactionId: z.uuid(), reference: z.string(), failureReason: z.string().nullable(), willRetry: z.boolean() }).strict(),
  },
  "subscription.past_due": {
    summary: "A subscription fell behind",
    description: "Its renewal failed and is being retried; the customer was e-mailed a link to pay. `data` is the Subscription (past_due).",
    data: SubscriptionSchema,
  },
  "subscription.canceled": {
    summary: "A subscription ended",
    description: "Canceled by the merchant or the customer, at the end of its period, or after its last retry failed. `data` is the Subscription (canceled).",
    data: SubscriptionSchema,
  },
  "customer.balance_changed": {
    summary: "A customer's credit changed",
    description:
      "A bank transfer paid more than the customer's open invoices owed (`reason` overpayment), their credit paid an invoice (applied_to_invoice), or the merchant gave credit back (refunded; restored as refund_failed when the processor refused that refund). `data` is the Customer with `previousBalance`, the signed `change` in kobo, and the `transactionId` or `invoiceId` involved.",
    data: CustomerSchema.extend({
      previousBalance: z.int(),
      change: z.int(),
      reason: z.enum(["overpayment", "applied_to_invoice", "refunded", "refund_failed"]),
      transactionId: z.uuid().nullable(),
      invoiceId: z.uuid().nullable(),
    }).strict(),
  },
  [TEST_EVENT_TYPE]: {
    summary: "A test event",
    description: 'Sent to one endpoint by "Send test event" (POST …/webhooks/{webhookId}/test). Not in the catalogue an endpoint subscribes to.',
    data: z.strictObject({ message: z.string() }),
  },
};

/** transaction.completed → TransactionCompleted */
const pascal = (type: string) =>
  type
    .split(/[._-]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
const camel = (type: string) => pascal(type).replace(/^./, (c) => c.toLowerCase());

// Strict: these are what we send, exactly (as the webhooks section is a request body, a plain object
// would be documented as allowing more).
const envelope = <T extends string>(type: T, data: z.ZodType) =>
  z.strictObject({
    id: z.uuid().meta({ description: "The event's id: the `webhook-id` header, the same on every retry and resend (de-duplicate on it)" }),
    type: z.literal(type),
    createdAt: ts.meta({ description: "When the event happened" }),
    merchantId: z.uuid(),
    environment: z.enum(["test", "live"]).meta({ description: "The mode of the objects in `data`" }),
    apiVersion: z.enum(VERSION_NAMES).meta({
      description: "The API version `data` is shaped by: the endpoint's (set when it was created), or in the events API the request's",
      example: LATEST_VERSION,
    }),
    data,
  });

const TYPES = [...EVENT_TYPES, TEST_EVENT_TYPE] as const;

/** One schema per event type: the envelope with its `type` and its `data`. */
export const EVENT_SCHEMAS = Object.fromEntries(
  TYPES.map((type) => [type, envelope(type, EVENT_DATA[type].data).meta({ id: `${pascal(type)}Event`, description: EVENT_DATA[type].summary })]),
) as unknown as Record<(typeof TYPES)[number], z.ZodObject>;

/** Any catalogue event (what GET /api/events lists), told apart by `type`. */
export const EventSchema = z
  .discriminatedUnion("type", EVENT_TYPES.map((type) => EVENT_SCHEMAS[type]) as [z.ZodObject, ...z.ZodObject[]])
  .meta({ id: "Event", description: "The webhook envelope: `{ id, type, createdAt, merchantId, environment, apiVersion, data }`; `data` depends on `type`." });

const webhookHeaders = z.object({
  "webhook-id": z.uuid().meta({ description: "The event's id, the same on every retry and resend" }),
  "webhook-timestamp": z
    .string()
    .regex(/^\d+$/)
    .meta({ description: "Seconds since the epoch when this attempt was sent; refuse stale ones", example: "1763790000" }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` with the endpoint's `whsec_…` secret (Standard Webhooks); space-separated when there are several",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

const RETRIED =
  "Anything but a 2xx, or no answer within 10 s, is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (8 attempts), then the delivery is marked FAILED; it can be resent from the dashboard.";

function webhookOperation(type: (typeof TYPES)[number]): ZodOpenApiOperationObject {
  const { summary, description } = EVENT_DATA[type];
  return {
    operationId: `${camel(type)}Event`,
    summary,
    description: `${description}\n\nWe POST this to every active endpoint subscribed to \`${type}\`${type === TEST_EVENT_TYPE ? " (here: the one being tested)" : ""}, signed per Standard Webhooks. Answer 2xx quickly. ${RETRIED}`,
    tags: ["Webhook events"],
    security: [],
    requestParams: { header: webhookHeaders },
    // A reference to the event's component, which answers render (GET /api/events, a delivery's
    // payload): a request body's zod schema would be rendered as an *input*, and the resources in it
    // documented twice (Transaction and TransactionOutput).
    requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${pascal(type)}Event` } } } },
    responses: {
      "2XX": { description: "Received: the delivery succeeded (the answer's body is logged, first 1 KB)" },
      "4XX": { description: `Refused, e.g. a signature that does not verify. ${RETRIED}` },
      "5XX": { description: `The endpoint failed. ${RETRIED}` },
    },
  };
}

/** The OpenAPI 3.1 `webhooks` section: every event we send, keyed by its type. */
export const webhookEvents: ZodOpenApiPathsObject = Object.fromEntries(TYPES.map((type) => [type, { post: webhookOperation(type) }]));
