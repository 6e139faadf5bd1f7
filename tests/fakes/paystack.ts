// A fake Paystack speaking the documented API (initialize, verify, refund) over real HTTP, plus a
// helper that signs webhook bodies exactly as Paystack does.
import { createHmac, randomBytes } from "node:crypto";
import { bearer, startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "./server";

export type PaystackCharge = {
  id: number;
  reference: string;
  access_code: string;
  amount: number;
  currency: string;
  email: string;
  callback_url: string | null;
  channels: string[] | null;
  metadata: unknown;
  /** Paystack reports a charge nobody has paid yet as "abandoned". */
  status: "abandoned" | "ongoing" | "pending" | "success" | "failed" | "reversed";
  fees: number | null;
  channel: string | null;
  paid_at: string | null;
  gateway_response: string | null;
};

export type FakePaystack = FakeServer & {
  secretKey: string;
  charges: Map<string, PaystackCharge>;
  refunds: Array<{ id: number; transaction: string; amount: number; status: string }>;
  setOutcome(reference: string, outcome: "success" | "failed", overrides?: Partial<PaystackCharge>): PaystackCharge;
  /** The `data` Paystack would put in this charge's webhook (and verify answer). */
  webhookData(reference: string): Record<string, unknown>;
};

let nextId = 4_100_000_000;

export async function startFakePaystack(options: { secretKey?: string } = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? "sk_test_fake";
  const charges = new Map<string, PaystackCharge>();
  const refunds: FakePaystack["refunds"] = [];
  const fail = (status: number, message: string): FakeReply => ({ status, body: { status: false, message } });
  const ok = (message: string, data: unknown): FakeReply => ({ status: 200, body: { status: true, message, data } });

  function handle(request: RecordedRequest): FakeReply {
    if (bearer(request) !== secretKey) return fail(401, "Invalid key");
    const url = new URL(request.path, "http://fake");
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);

    if (request.method === "POST" && url.pathname === "/transaction/initialize") {
      const body = request.body ?? {};
      if (!body.email || !/^\d+$/.test(String(body.amount ?? ""))) return fail(400, "Invalid amount or email");
      const reference = String(body.reference ?? `T${randomBytes(6).toString("hex")}`);
      if (charges.has(reference)) return fail(400, "Duplicate Transaction Reference");
      const accessCode = randomBytes(8).toString("hex");
      charges.set(reference, {
        id: nextId++, reference, access_code: accessCode, amount: Number(body.amount), currency: body.currency ?? "NGN",
        email: body.email, callback_url: body.callback_url ?? null, channels: body.channels ?? null, metadata: body.metadata ?? null,
        status: "abandoned", fees: null, channel: null, paid_at: null, gateway_response: null,
      });
      return ok("Authorization URL created", { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference });
    }
    if (request.method === "GET" && verify) {
      const charge = charges.get(decodeURIComponent(verify[1]!));
      return charge ? ok("Verification successful", chargeData(charge)) : fail(400, "Transaction reference not found");
    }
    if (request.method === "POST" && url.pathname === "/refund") {
      const body = request.body ?? {};
      const charge = [...charges.values()].find((c) => c.reference === String(body.transaction) || String(c.id) === String(body.transaction));
      if (!charge) return fail(404, "Transaction not found");
      if (charge.status !== "success") return fail(400, "Transaction has not been paid");
      const amount = body.amount === undefined ? charge.amount : Number(body.amount);
      if (!(amount > 0 && amount <= charge.amount)) return fail(400, "Refund amount cannot be more than the transaction amount");
      const refund = { id: nextId++, transaction: charge.reference, amount, status: "pending" };
      refunds.push(refund);
      return ok("Refund has been queued for processing", { ...refund, transaction: chargeData(charge), currency: charge.currency });
    }
    return fail(404, "Not found");
  }

  const server = await startFakeServer({ status: 400, body: { status: false, message: "Invalid key" } }, handle);
  return Object.assign(server, {
    secretKey,
    charges,
    refunds,
    setOutcome(reference: string, outcome: "success" | "failed", overrides: Partial<PaystackCharge> = {}) {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`No fake Paystack charge ${reference}`);
      const paid = outcome === "success";
      Object.assign(charge, {
        status: outcome,
        channel: "card",
        // Paystack's local card fee: 1.5% + ₦100 above ₦2,500, capped at ₦2,000 (kobo).
        fees: paid ? Math.min(Math.round(charge.amount * 0.015) + (charge.amount >= 250_000 ? 10_000 : 0), 200_000) : null,
        paid_at: paid ? new Date().toISOString() : null,
        gateway_response: paid ? "Approved" : "Declined",
        ...overrides,
      });
      return charge;
    },
    webhookData(reference: string) {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`No fake Paystack charge ${reference}`);
      return chargeData(charge);
    },
  });
}

function chargeData(charge: PaystackCharge): Record<string, unknown> {
  return {
    id: charge.id, domain: "test", status: charge.status, reference: charge.reference, amount: charge.amount,
    gateway_response: charge.gateway_response, paid_at: charge.paid_at, channel: charge.channel, currency: charge.currency,
    fees: charge.fees, metadata: charge.metadata, customer: { email: charge.email },
  };
}

/** A webhook body and headers signed like Paystack's: hex HMAC-SHA512 of the exact body. */
export function paystackWebhook(secretKey: string, event: string, data: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event, data });
  const signature = createHmac("sha512", secretKey).update(body).digest("hex");
  return { body, headers: { "content-type": "application/json", "x-paystack-signature": signature } };
}
