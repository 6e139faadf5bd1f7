// The fake Flutterwave's static virtual accounts (https://developer.flutterwave.com/v3.0/docs/ngn-virtual-accounts):
// POST /v3/virtual-account-numbers with is_permanent and a BVN, and the charge.completed (payment_type
// bank_transfer) a transfer into one produces: the account's tx_ref, its own flw_ref, and the sender in
// a top-level meta_data, with the static hash in verif-hash.
import { randomBytes } from "node:crypto";
import type { Domain, FakeReply, RecordedRequest } from "./server";
import type { FlutterwaveCharge } from "./flutterwave";
import type { SignedTransferEvent, TransferEventInput } from "./paystack-accounts";

export type FlutterwaveVirtualAccount = {
  domain: Domain;
  /** The tx_ref given at creation: every transfer into the account carries it. */
  tx_ref: string;
  email: string;
  bvn: string;
  firstname: string | null;
  lastname: string | null;
  phonenumber: string | null;
  narration: string | null;
  account_number: string;
  bank_name: string;
  flw_ref: string;
  order_ref: string;
  created_at: string;
};

type Context = {
  newId(): number;
  ok(message: string, data: unknown): FakeReply;
  fail(status: number, message: string): FakeReply;
  charges: Map<string, FlutterwaveCharge>;
  /** The `data` of a charge, as verify and webhooks answer it. */
  chargeData(charge: FlutterwaveCharge): Record<string, unknown>;
  /** The hash the fake's webhooks carry (what the app is configured with). */
  webhookHash(): string;
};

/** "2024-09-17 18:44:38", as the answer writes its times. */
const flutterwaveTime = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

export function flutterwaveAccounts(ctx: Context) {
  const virtualAccounts = new Map<string, FlutterwaveVirtualAccount>();

  function accountData(a: FlutterwaveVirtualAccount): Record<string, unknown> {
    return {
      response_code: "02",
      response_message: "Transaction in progress",
      flw_ref: a.flw_ref,
      order_ref: a.order_ref,
      account_number: a.account_number,
      frequency: "N/A",
      bank_name: a.bank_name,
      created_at: a.created_at,
      expiry_date: "N/A",
      note: `Please make a bank transfer to ${a.narration ?? "Paylink"} FLW`,
      amount: null,
    };
  }

  function newAccountNumber(): string {
    for (;;) {
      const number = `95${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, "0")}`;
      if (!virtualAccounts.has(number)) return number;
    }
  }

  /** Serves POST /v3/virtual-account-numbers; null for any other request. `refusal`, when set, is what it answers. */
  function handle(request: RecordedRequest, path: string, domain: Domain, refusal: string | null): FakeReply | null {
    if (request.method !== "POST" || path !== "/v3/virtual-account-numbers") return null;
    if (refusal) return ctx.fail(400, refusal);
    const body = (request.body ?? {}) as Record<string, any>;
    if (typeof body.email !== "string" || !body.email.includes("@")) return ctx.fail(400, "email is required");
    if (body.is_permanent !== true) {
      // A dynamic account needs an amount; this fake issues static ones only.
      return ctx.fail(400, "amount is required for a temporary account number");
    }
    if (!body.bvn) return ctx.fail(400, "BVN is required for static account number");
    if (!/^\d{11}$/.test(String(body.bvn))) return ctx.fail(400, "Invalid BVN");
    if (!body.tx_ref) return ctx.fail(400, "tx_ref is required");
    // The fake answers the account it already made for this tx_ref: a retry never makes a second.
    const held = [...virtualAccounts.values()].find((a) => a.domain === domain && a.tx_ref === String(body.tx_ref));
    if (held) return ctx.ok("Virtual account created", accountData(held));
    const account: FlutterwaveVirtualAccount = {
      domain,
      tx_ref: String(body.tx_ref),
      email: body.email,
      bvn: String(body.bvn),
      firstname: body.firstname ?? null,
      lastname: body.lastname ?? null,
      phonenumber: body.phonenumber ?? null,
      narration: body.narration ?? null,
      account_number: newAccountNumber(),
      bank_name: "WEMA BANK",
      flw_ref: `FLW-${randomBytes(16).toString("hex")}`,
      order_ref: `URF_${Date.now()}_${ctx.newId()}`,
      created_at: flutterwaveTime(new Date()),
    };
    virtualAccounts.set(account.account_number, account);
    return ctx.ok("Virtual account created", accountData(account));
  }

  /**
   * Someone transferred `amount` kobo into `accountNumber`: records the charge (verify by its id answers
   * it) and answers the charge.completed Flutterwave would post. An account the fake never issued
   * still gets an event, with a tx_ref nobody has.
   */
  function transferEvent(input: TransferEventInput): SignedTransferEvent {
    const account = virtualAccounts.get(input.accountNumber);
    const id = ctx.newId();
    const flwRef = `${Date.now()}${String(id).padStart(10, "0")}`;
    const naira = Number(input.amount) / 100;
    const originator = {
      originatoraccountnumber: `${(input.senderAccountNumber ?? "0123454321").slice(0, 3)}*******${(input.senderAccountNumber ?? "0123454321").slice(-2)}`,
      originatorname: input.senderName ?? "ADAEZE OKAFOR",
      bankname: input.senderBank ?? "Access Bank",
      originatoramount: "N/A",
    };
    const charge: FlutterwaveCharge = {
      id,
      tx_ref: account?.tx_ref ?? "00000000-0000-4000-8000-000000000000",
      flw_ref: flwRef,
      narration: input.narration ?? `${originator.originatorname} ${Date.now()}`,
      link: "",
      amount: naira,
      currency: "NGN",
      customer: {
        email: account?.email ?? "unknown@example.com",
        name: [account?.firstname, account?.lastname].filter(Boolean).join(" ") || "Anonymous customer",
      },
      payment_options: null,
      meta: originator,
      redirect_url: null,
      status: "successful",
      // 1.4% at most ₦2,000, in naira with more than two decimals as Flutterwave reports fees.
      app_fee: Math.min(Number((naira * 0.014).toFixed(4)), 2_000),
      payment_type: "bank_transfer",
      created_at: new Date().toISOString(),
      processor_response: "success",
      domain: account?.domain ?? "test",
      subaccounts: null,
      card: null,
    };
    // Keyed by flw_ref: every transfer into the account shares its tx_ref.
    ctx.charges.set(flwRef, charge);
    const data = ctx.chargeData(charge);
    const body = JSON.stringify({ event: "charge.completed", data, meta_data: originator, "event.type": "BANK_TRANSFER_TRANSACTION" });
    return { body, headers: { "content-type": "application/json", "verif-hash": ctx.webhookHash() }, reference: flwRef, id: String(id), data };
  }

  return { virtualAccounts, handle, transferEvent };
}
