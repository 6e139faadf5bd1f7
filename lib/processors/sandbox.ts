// The built-in test processor (like Stripe's test mode): a hosted checkout page where the customer
// picks an outcome with test cards, then a webhook signed with SANDBOX_WEBHOOK_SECRET, delivered to
// /api/transactions/webhooks/sandbox exactly like a real processor's. It keeps its own records
// (SandboxCharge), so verify() answers from the "processor's" side, not from our Transaction.
import { createHmac } from "node:crypto";
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { randomToken, safeEqual } from "@/lib/auth/tokens";
import { ProcessorError, type ChargeDetails, type ChargeStatus, type ProcessorAdapter, type WebhookEvent } from "./types";

export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

/** Test cards, as shown on the checkout page. */
export const SANDBOX_CARDS = {
  "4084084084084081": { status: "success", message: "Approved" },
  "4000000000000002": { status: "failed", message: "Card declined" },
  "4000000000009995": { status: "failed", message: "Insufficient funds" },
} as const satisfies Record<string, { status: ChargeStatus; message: string }>;

export function signSandboxPayload(rawBody: string, secret = sandboxSecret()): string {
  return createHmac("sha512", secret).update(rawBody).digest("hex");
}

function sandboxSecret(): string {
  const secret = config().SANDBOX_WEBHOOK_SECRET;
  if (!secret) throw new ProcessorError("SANDBOX_WEBHOOK_SECRET is not set");
  return secret;
}

type SandboxRow = { reference: string; status: string; amount: bigint; currency: string; channel: string | null; paidAt: Date | null; id: string; message: string | null };

export function sandboxChargeDetails(row: SandboxRow): ChargeDetails {
  const status = (["success", "failed", "abandoned", "pending"] as const).find((s) => s === row.status) ?? "pending";
  return {
    reference: row.reference,
    status,
    amount: row.amount,
    currency: row.currency,
    // The sandbox charges Paystack's local card fee: 1.5%, capped at ₦2,000.
    fee: status === "success" ? minBigInt((row.amount * 15n) / 1000n, 200_000n) : 0n,
    paymentMethod: row.channel ? row.channel.toUpperCase() : null,
    paidAt: row.paidAt,
    processorTransactionId: row.id,
    message: row.message,
  };
}

const minBigInt = (a: bigint, b: bigint) => (a < b ? a : b);

export function createSandboxAdapter(): ProcessorAdapter {
  return {
    name: "sandbox",
    confirmWebhooksByVerify: false,

    async initialize(input) {
      const accessCode = randomToken(18);
      await db.sandboxCharge.create({
        data: {
          accessCode,
          reference: input.reference,
          amount: input.amount,
          currency: input.currency,
          email: input.email,
          callbackUrl: input.callbackUrl,
          channel: input.channel ?? null,
        },
      });
      return { authorizationUrl: `${config().appUrl}/checkout/sandbox/${accessCode}`, accessCode, processorReference: null };
    },

    async verify(reference) {
      const row = await db.sandboxCharge.findUnique({ where: { reference } });
      if (!row) throw new ProcessorError("Transaction reference not found", "declined");
      return sandboxChargeDetails(row);
    },

    authenticateWebhook(headers, rawBody) {
      const signature = headers.get(SANDBOX_SIGNATURE_HEADER);
      return Boolean(signature) && safeEqual(signature!, signSandboxPayload(rawBody));
    },

    parseWebhook(rawBody): WebhookEvent {
      let body: { event?: unknown; data?: Record<string, unknown> };
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new ProcessorError("Webhook body is not JSON", "invalid_response");
      }
      const data = body.data;
      if (typeof body.event !== "string" || !data || typeof data.reference !== "string") {
        throw new ProcessorError("Webhook body has no event or reference", "invalid_response");
      }
      const charge: ChargeDetails = {
        reference: data.reference,
        status: data.status === "success" ? "success" : data.status === "failed" ? "failed" : "pending",
        amount: BigInt(String(data.amount)),
        currency: String(data.currency),
        fee: BigInt(String(data.fees ?? 0)),
        paymentMethod: typeof data.channel === "string" ? data.channel.toUpperCase() : null,
        paidAt: typeof data.paid_at === "string" ? new Date(data.paid_at) : null,
        processorTransactionId: String(data.id),
        message: typeof data.gateway_response === "string" ? data.gateway_response : null,
      };
      const kind = body.event === "charge.success" ? "charge.success" : body.event === "charge.failed" ? "charge.failed" : "other";
      return { externalId: `${body.event}:${String(data.id)}`, type: body.event, kind, reference: data.reference, charge };
    },

    async refund({ reference, amount }) {
      const row = await db.sandboxCharge.findUnique({ where: { reference } });
      if (!row || row.status !== "success") throw new ProcessorError("Transaction has not been paid", "declined");
      if (amount > row.amount) throw new ProcessorError("Refund amount is more than the charge", "declined");
      return { refundId: `sbx_rf_${randomToken(9)}`, status: "processed" };
    },
  };
}
