// A fake Flutterwave speaking the documented v3 API (payments, verify by id or reference, refund)
// over real HTTP, in naira like the real one, plus a helper for its static-hash webhooks.
import { randomBytes } from "node:crypto";
import { bearer, startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "./server";

export type FlutterwaveCharge = {
  id: number;
  tx_ref: string;
  link: string;
  /** Naira, possibly with kobo decimals (e.g. 50.5). */
  amount: number;
  currency: string;
  customer: { email: string; name?: string };
  payment_options: string | null;
  meta: unknown;
  redirect_url: string | null;
  status: "pending" | "successful" | "failed" | "cancelled";
  app_fee: number;
  payment_type: string | null;
  created_at: string;
  processor_response: string | null;
};

export type FakeFlutterwave = FakeServer & {
  secretKey: string;
  charges: Map<string, FlutterwaveCharge>;
  refunds: Array<{ id: number; tx_id: number; amount_refunded: number; status: string }>;
  setOutcome(reference: string, outcome: "success" | "failed", overrides?: Partial<FlutterwaveCharge>): FlutterwaveCharge;
  /** The `data` Flutterwave would put in this charge's webhook (and verify answer). */
  webhookData(reference: string): Record<string, unknown>;
};

let nextId = 7_200_000;

export async function startFakeFlutterwave(options: { secretKey?: string } = {}): Promise<FakeFlutterwave> {
  const secretKey = options.secretKey ?? "FLWSECK_TEST-fake";
  const charges = new Map<string, FlutterwaveCharge>();
  const refunds: FakeFlutterwave["refunds"] = [];
  const fail = (status: number, message: string): FakeReply => ({ status, body: { status: "error", message, data: null } });
  const ok = (message: string, data: unknown): FakeReply => ({ status: 200, body: { status: "success", message, data } });
  const byId = (id: string) => [...charges.values()].find((c) => String(c.id) === id);

  function handle(request: RecordedRequest): FakeReply {
    if (bearer(request) !== secretKey) return fail(401, "Invalid authorization key");
    const url = new URL(request.path, "http://fake");
    const verify = /^\/v3\/transactions\/([^/]+)\/verify$/.exec(url.pathname);
    const refund = /^\/v3\/transactions\/([^/]+)\/refund$/.exec(url.pathname);

    if (request.method === "POST" && url.pathname === "/v3/payments") {
      const body = request.body ?? {};
      if (!body.tx_ref || typeof body.amount !== "number" || !body.customer?.email) return fail(400, "Invalid payment request");
      const link = `https://checkout.flutterwave.com/v3/hosted/pay/${randomBytes(10).toString("hex")}`;
      charges.set(body.tx_ref, {
        id: nextId++, tx_ref: body.tx_ref, link, amount: body.amount, currency: body.currency ?? "NGN", customer: body.customer,
        payment_options: body.payment_options ?? null, meta: body.meta ?? null, redirect_url: body.redirect_url ?? null,
        status: "pending", app_fee: 0, payment_type: null, created_at: new Date().toISOString(), processor_response: null,
      });
      return ok("Hosted Link", { link });
    }
    if (request.method === "GET" && verify) {
      const charge = byId(decodeURIComponent(verify[1]!));
      return charge ? ok("Transaction fetched successfully", chargeData(charge)) : fail(400, "No transaction was found for this id");
    }
    if (request.method === "GET" && url.pathname === "/v3/transactions/verify_by_reference") {
      const charge = charges.get(url.searchParams.get("tx_ref") ?? "");
      return charge ? ok("Transaction fetched successfully", chargeData(charge)) : fail(400, "No transaction was found for this tx_ref");
    }
    if (request.method === "POST" && refund) {
      const charge = byId(decodeURIComponent(refund[1]!));
      if (!charge) return fail(400, "No transaction was found for this id");
      if (charge.status !== "successful") return fail(400, "Cannot refund a transaction that is not successful");
      const amount = typeof request.body?.amount === "number" ? request.body.amount : charge.amount;
      if (!(amount > 0 && amount <= charge.amount)) return fail(400, "Refund amount cannot be more than the transaction amount");
      const record = { id: nextId++, tx_id: charge.id, amount_refunded: amount, status: "completed" };
      refunds.push(record);
      return ok("Transaction refund initiated", { ...record, flw_ref: `URF_${record.id}`, created_at: new Date().toISOString() });
    }
    return fail(404, "Not found");
  }

  const server = await startFakeServer({ status: 400, body: { status: "error", message: "Invalid authorization key", data: null } }, handle);
  return Object.assign(server, {
    secretKey,
    charges,
    refunds,
    setOutcome(reference: string, outcome: "success" | "failed", overrides: Partial<FlutterwaveCharge> = {}) {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`No fake Flutterwave charge ${reference}`);
      const paid = outcome === "success";
      Object.assign(charge, {
        status: paid ? "successful" : "failed",
        payment_type: "card",
        // Flutterwave's local card fee, 1.4%, reported in naira with more than two decimals.
        app_fee: paid ? Number((charge.amount * 0.014).toFixed(4)) : 0,
        processor_response: paid ? "Approved by Financial Institution" : "Insufficient funds",
        ...overrides,
      });
      return charge;
    },
    webhookData(reference: string) {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`No fake Flutterwave charge ${reference}`);
      return chargeData(charge);
    },
  });
}

function chargeData(charge: FlutterwaveCharge): Record<string, unknown> {
  return {
    id: charge.id, tx_ref: charge.tx_ref, flw_ref: `FLW-MOCK-${charge.id}`, amount: charge.amount, currency: charge.currency,
    charged_amount: charge.amount, app_fee: charge.app_fee, merchant_fee: 0, processor_response: charge.processor_response,
    status: charge.status, payment_type: charge.payment_type, created_at: charge.created_at, customer: charge.customer, meta: charge.meta,
  };
}

/** A v3 `charge.completed` webhook: Flutterwave sends the configured secret hash in `verif-hash`. */
export function flutterwaveWebhook(secretHash: string, data: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event: "charge.completed", data, "event.type": "CARD_TRANSACTION" });
  return { body, headers: { "content-type": "application/json", "verif-hash": secretHash } };
}
