// Flutterwave's real v3 API (https://developer.flutterwave.com). Flutterwave speaks naira, so amounts
// convert at this boundary. Its webhook carries only a static secret hash that does not cover the
// body, so confirmWebhooksByVerify makes the caller re-check every charge with verify().
import { z } from "zod";
import { koboToNairaString, nairaToKobo } from "@/lib/payments/money";
import { envelopeClient, invalidResponse, safeCompare } from "./http";
import { ProcessorError, type ChargeDetails, type ChargeStatus, type Channel, type ProcessorAdapter, type WebhookEvent } from "./types";

type FlutterwaveOptions = { secretKey: string; secretHash: string; baseUrl: string; timeoutMs: number };

const PAYMENT_OPTIONS: Record<Channel, string> = { card: "card", bank_transfer: "banktransfer", ussd: "ussd" };
const STATUSES: Record<string, ChargeStatus> = { successful: "success", failed: "failed", pending: "pending", cancelled: "abandoned" };
const METHODS: Record<string, string> = { card: "CARD", bank_transfer: "BANK_TRANSFER", banktransfer: "BANK_TRANSFER", ussd: "USSD" };

const id = z.union([z.number(), z.string()]).transform(String);
const decimal = z.union([z.number(), z.string()]);

const chargeSchema = z.object({
  id,
  tx_ref: z.string(),
  status: z.string(),
  amount: decimal,
  currency: z.string(),
  app_fee: decimal.nullish(),
  payment_type: z.string().nullish(),
  created_at: z.string().nullish(),
  processor_response: z.string().nullish(),
});

const paymentSchema = z.object({ link: z.url({ protocol: /^https?$/ }) });
const refundSchema = z.object({ id, status: z.string() });

/** A charged amount must be exact naira and kobo; anything else is not an amount we understand. */
function amountToKobo(value: number | string): bigint {
  const text = String(value).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw invalidResponse();
  return nairaToKobo(text);
}

/**
 * Flutterwave reports fees with more than two decimals (e.g. 0.7525 naira), so they are rounded half
 * up to the kobo. The rounding works on the number's decimal text (String() gives the shortest exact
 * form), not on `x * 100`, whose float error turns 1.005 into 100.49999… and would round it down.
 */
export function feeToKobo(value: number | string | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === "number" && value >= 0 && value < 0.001) return 0n; // also keeps 1e-7 notation out
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(value).trim());
  if (!match) throw invalidResponse();
  const fraction = match[2] ?? "";
  const kobo = BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  return fraction.charAt(2) >= "5" ? kobo + 1n : kobo;
}

function toCharge(data: z.infer<typeof chargeSchema>): ChargeDetails {
  const status = STATUSES[data.status.toLowerCase()] ?? "pending";
  const createdAt = data.created_at ? new Date(data.created_at) : null;
  const type = data.payment_type?.toLowerCase();
  return {
    reference: data.tx_ref,
    status,
    amount: amountToKobo(data.amount),
    currency: data.currency,
    fee: feeToKobo(data.app_fee),
    paymentMethod: type ? (METHODS[type] ?? type.toUpperCase()) : null,
    // Flutterwave has no separate payment time; a successful charge completes when it is created.
    paidAt: status === "success" && createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
    processorTransactionId: data.id,
    message: data.processor_response ?? null,
  };
}

export function createFlutterwaveAdapter(options: FlutterwaveOptions): ProcessorAdapter {
  const call = envelopeClient({ ...options, ok: "success", failed: "error" });

  return {
    name: "flutterwave",
    confirmWebhooksByVerify: true,

    async initialize(input) {
      const data = await call(paymentSchema, "POST", "/v3/payments", {
        tx_ref: input.reference,
        amount: Number(koboToNairaString(input.amount)),
        currency: input.currency,
        redirect_url: input.callbackUrl,
        customer: { email: input.email, ...(input.customerName ? { name: input.customerName } : {}) },
        ...(input.channel ? { payment_options: PAYMENT_OPTIONS[input.channel] } : {}),
        ...(input.metadata ? { meta: input.metadata } : {}),
      });
      // The hosted page's last path segment identifies the checkout session.
      const accessCode = new URL(data.link).pathname.split("/").filter(Boolean).at(-1);
      if (!accessCode) throw invalidResponse();
      return { authorizationUrl: data.link, accessCode, processorReference: null };
    },

    async verify(reference, processorTransactionId) {
      const path = processorTransactionId
        ? `/v3/transactions/${encodeURIComponent(processorTransactionId)}/verify`
        : `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`;
      const data = await call(chargeSchema, "GET", path);
      // An id comes from the (unsigned) webhook body: it must not confirm some other charge.
      if (data.tx_ref !== reference) throw new ProcessorError("Processor answered about a different transaction", "invalid_response");
      return toCharge(data);
    },

    authenticateWebhook(headers) {
      // The spec writes verify-hash; the dashboard sends verif-hash.
      const hash = headers.get("verif-hash") ?? headers.get("verify-hash");
      return Boolean(hash) && Boolean(options.secretHash) && safeCompare(hash!, options.secretHash);
    },

    parseWebhook(rawBody) {
      return parseFlutterwaveWebhook(rawBody);
    },

    async refund({ processorTransactionId, amount }) {
      if (!processorTransactionId) throw new ProcessorError("Flutterwave needs its transaction id to refund", "declined");
      const data = await call(refundSchema, "POST", `/v3/transactions/${encodeURIComponent(processorTransactionId)}/refund`, {
        amount: Number(koboToNairaString(amount)),
      });
      return { refundId: data.id, status: data.status === "completed" ? "processed" : "pending" };
    },
  };
}

function parseFlutterwaveWebhook(rawBody: string): WebhookEvent {
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed !== "object" || parsed === null) throw new Error("not an object");
    body = parsed as Record<string, unknown>;
  } catch {
    throw new ProcessorError("Webhook body is not JSON", "invalid_response");
  }
  // v3 names the event in `event`; older payloads use `event.type` (a literal key) or `eventType`.
  const event = [body.event, body["event.type"], body.eventType].find((value): value is string => typeof value === "string" && value !== "");
  const data = z.record(z.string(), z.unknown()).safeParse(body.data);
  if (!event || !data.success) throw new ProcessorError("Webhook body has no event or data", "invalid_response");

  const dataId = typeof data.data.id === "number" || typeof data.data.id === "string" ? String(data.data.id) : null;
  const reference = typeof data.data.tx_ref === "string" ? data.data.tx_ref : null;
  const key = dataId ?? reference;
  if (!key) throw new ProcessorError("Webhook data has no id or reference", "invalid_response");

  // Transfers also complete "successful"ly: only charge events (CARD_TRANSACTION etc. in old naming) settle payments.
  const isCharge = event === "charge.completed" || /_TRANSACTION$/i.test(event);
  const status = typeof data.data.status === "string" ? data.data.status.toLowerCase() : "";
  const kind = !isCharge ? "other" : status === "successful" ? "charge.success" : status === "failed" ? "charge.failed" : "other";

  let charge: ChargeDetails | null = null;
  const parsed = isCharge ? chargeSchema.safeParse(data.data) : null;
  if (parsed?.success) {
    try {
      charge = toCharge(parsed.data);
    } catch {
      charge = null;
    }
  }
  if (kind !== "other" && !charge) throw new ProcessorError("Webhook charge is not understood", "invalid_response");
  return { externalId: `${event}:${key}`, type: event, kind, reference, charge };
}
