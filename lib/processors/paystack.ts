// Paystack's real API (https://paystack.com/docs/api). Paystack speaks kobo, like us, and signs each
// webhook with HMAC-SHA512 of the exact raw body keyed with the secret key.
import { createHmac } from "node:crypto";
import { z } from "zod";
import { envelopeClient, invalidResponse, safeCompare } from "./http";
import { ProcessorError, type ChargeDetails, type ChargeStatus, type Channel, type ProcessorAdapter, type WebhookEvent } from "./types";

export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";

type PaystackOptions = { secretKey: string; baseUrl: string; timeoutMs: number };

const CHANNELS: Record<Channel, string> = { card: "card", bank_transfer: "bank_transfer", ussd: "ussd" };

// "abandoned" is what Paystack reports for every charge the customer has not finished yet, even one
// a second old that may still be paid; reporting it as ours ("never finished": final) would cancel
// live payments. It stays pending, and reconciliation abandons it once it is stale.
const STATUSES: Record<string, ChargeStatus> = {
  success: "success",
  failed: "failed",
  reversed: "failed", // refunded or charged back: the money is not ours
  abandoned: "pending",
  ongoing: "pending",
  pending: "pending",
  processing: "pending",
  queued: "pending",
};

const kobo = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform((value) => BigInt(value));
const id = z.union([z.number(), z.string()]).transform(String);

const chargeSchema = z.object({
  id,
  reference: z.string(),
  status: z.string(),
  amount: kobo,
  currency: z.string(),
  fees: kobo.nullish(),
  channel: z.string().nullish(),
  paid_at: z.string().nullish(),
  gateway_response: z.string().nullish(),
});

const initializeSchema = z.object({ authorization_url: z.url({ protocol: /^https?$/ }), access_code: z.string().min(1) });
const refundSchema = z.object({ id, status: z.string() });

function toCharge(data: z.infer<typeof chargeSchema>): ChargeDetails {
  const paidAt = data.paid_at ? new Date(data.paid_at) : null;
  return {
    reference: data.reference,
    status: STATUSES[data.status] ?? "pending",
    amount: data.amount,
    currency: data.currency,
    fee: data.fees ?? 0n,
    paymentMethod: data.channel ? data.channel.toUpperCase() : null,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
    processorTransactionId: data.id,
    message: data.gateway_response ?? null,
  };
}

export function createPaystackAdapter(options: PaystackOptions): ProcessorAdapter {
  const call = envelopeClient({ ...options, ok: true, failed: false });

  return {
    name: "paystack",
    confirmWebhooksByVerify: false,

    async initialize(input) {
      const metadata = { ...input.metadata, ...(input.customerName ? { customer_name: input.customerName } : {}) };
      const data = await call(initializeSchema, "POST", "/transaction/initialize", {
        email: input.email,
        amount: String(input.amount),
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        ...(input.channel ? { channels: [CHANNELS[input.channel]] } : {}),
        // Paystack documents metadata as stringified JSON.
        metadata: JSON.stringify(metadata),
      });
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code, processorReference: null };
    },

    async verify(reference) {
      const data = await call(chargeSchema, "GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      // Never let an answer about another charge settle this one.
      if (data.reference !== reference) throw invalidResponse();
      return toCharge(data);
    },

    authenticateWebhook(headers, rawBody) {
      const signature = headers.get(PAYSTACK_SIGNATURE_HEADER);
      if (!signature) return false;
      const expected = createHmac("sha512", options.secretKey).update(rawBody, "utf8").digest("hex");
      return safeCompare(signature.trim().toLowerCase(), expected);
    },

    parseWebhook(rawBody): WebhookEvent {
      return parsePaystackWebhook(rawBody);
    },

    async refund({ reference, amount }) {
      const data = await call(refundSchema, "POST", "/refund", { transaction: reference, amount: String(amount) });
      return { refundId: data.id, status: data.status === "processed" ? "processed" : "pending" };
    },
  };
}

function parsePaystackWebhook(rawBody: string): WebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ProcessorError("Webhook body is not JSON", "invalid_response");
  }
  const envelope = z.object({ event: z.string().min(1), data: z.record(z.string(), z.unknown()) }).safeParse(body);
  if (!envelope.success) throw new ProcessorError("Webhook body has no event or data", "invalid_response");
  const { event, data } = envelope.data;

  const dataId = typeof data.id === "number" || typeof data.id === "string" ? String(data.id) : null;
  // Refund events name the charge in transaction_reference.
  const reference = typeof data.reference === "string" ? data.reference : typeof data.transaction_reference === "string" ? data.transaction_reference : null;
  const key = dataId ?? reference;
  if (!key) throw new ProcessorError("Webhook data has no id or reference", "invalid_response");

  const kind = event === "charge.success" ? "charge.success" : event === "charge.failed" ? "charge.failed" : "other";
  let charge: ChargeDetails | null = null;
  if (event.startsWith("charge.") && typeof data.reference === "string") {
    const parsed = chargeSchema.safeParse(data);
    if (parsed.success) charge = toCharge(parsed.data);
  }
  if (kind !== "other" && !charge) throw new ProcessorError("Webhook charge is not understood", "invalid_response");
  return { externalId: `${event}:${key}`, type: event, kind, reference, charge };
}
