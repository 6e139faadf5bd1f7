import { fields, isUuid } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { CHANNEL_VALUES } from "./channels";
import { MAX_AMOUNT_KOBO, MIN_AMOUNT_KOBO } from "./money";
import { BASE_REFERENCE, REFERENCE_FORMAT } from "./reference";

export const amountKobo = (label = "Amount") =>
  z
    .number({ error: `${label} must be an integer number of kobo` })
    .int(`${label} must be an integer number of kobo`)
    .max(MAX_AMOUNT_KOBO, `${label} must be at most ${MAX_AMOUNT_KOBO} kobo`);

const minimumAmount = () => amountKobo().min(MIN_AMOUNT_KOBO, `Amount must be at least ${MIN_AMOUNT_KOBO} kobo (₦50)`);

export const initiateSchema = z
  .object({
    // Optional in the schema: a secret key names the merchant itself (initiatePayment requires it without one).
    merchantId: fields.uuid("merchantId").optional().meta({
      description: "The merchant's id. Required without a secret key; with one it may be left out (the key names the merchant) and must match when sent.",
    }),
    // Optional only with planId (checked below): the plan prices the payment.
    amount: minimumAmount().optional().meta({
      description:
        "Lowest currency unit, at least 5000. Required, except with `planId`: the plan prices the payment, and an amount sent must equal the plan's. With `invoiceId`: the invoice's `amountDue`, or an instalment when it allows partial payments.",
    }),
    currency: fields.currency(),
    email: fields.email(),
    firstName: z.string().trim().max(60, "firstName must be at most 60 characters").optional(),
    lastName: z.string().trim().max(60, "lastName must be at most 60 characters").optional(),
    channel: z.enum(CHANNEL_VALUES, { error: `channel must be one of ${CHANNEL_VALUES.join(", ")}` }).optional(),
    reference: z.string().regex(BASE_REFERENCE, "reference may use letters, digits, '.', '_' and '-' (at most 50)").optional(),
    callbackUrl: z
      .url({ protocol: /^https?$/, message: "callbackUrl must be a valid http(s) URL" })
      .max(2048)
      .optional(),
    paymentLinkId: fields.uuid("paymentLinkId").optional(),
    invoiceId: fields.uuid("invoiceId").optional(),
    planId: fields.uuid("planId").optional().meta({
      description:
        "Subscribe the customer to this plan (not with paymentLinkId or invoiceId). Paid by card, which is saved for renewals: the plan's amount, or with a free trial a ₦50 card check refunded at once. The subscription starts when this payment completes.",
    }),
    description: z.string().trim().max(500, "description must be at most 500 characters").optional(),
    metadata: z
      .record(z.string(), z.unknown(), { error: "metadata must be an object" })
      .refine((value) => JSON.stringify(value).length <= 8_192, "metadata must be at most 8 KB of JSON")
      .optional(),
  })
  // Checked whatever else is wrong, so a request missing its amount hears it with the other problems.
  .refine((body) => body.amount !== undefined || body.planId !== undefined, {
    path: ["amount"],
    message: "Amount must be an integer number of kobo",
    when: (payload) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value),
  })
  // /docs "Try it": amount is optional in the schema (plans price themselves) but needed here.
  .meta({ example: { amount: 500_000, email: "customer@example.com" } });
export type InitiateInput = z.infer<typeof initiateSchema>;

export function isTransactionIdOrReference(value: string): boolean {
  return isUuid(value) || REFERENCE_FORMAT.test(value);
}

/** A transaction id (UUID) or one of our references; anything else is a 400. */
export const transactionIdParams = z.object({
  transactionId: z.string().refine(isTransactionIdOrReference, "Invalid transaction ID format"),
});

export const refundSchema = z.object({
  amount: amountKobo("Refund amount").positive("Refund amount must be positive").optional(),
  reason: z.string().trim().max(200, "reason must be at most 200 characters").optional(),
});
