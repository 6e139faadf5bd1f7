// A fake Flutterwave speaking the documented v3 API over real HTTP, in naira like the real one:
// payments (with split subaccounts), verify by id or reference, tokenized charges (saved cards), refund, banks, account resolution,
// subaccounts, settlements and static virtual accounts (./flutterwave-accounts.ts); plus a helper for its
// static-hash webhooks. A test key and a live key
// see separate worlds (`domain`), as on the real one.
import { randomBytes } from "node:crypto";
import { chargeOf, keyDomain, processorRecords, startFakeServer, type Domain, type FakeProcessor, type FakeReply, type RecordedRequest } from "./server";
import { flutterwaveAccounts, type FlutterwaveVirtualAccount } from "./flutterwave-accounts";
import type { SignedTransferEvent, TransferEventInput } from "./paystack-accounts";

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
  /** Which key made it: the test key's world or the live key's. */
  domain: Domain;
  /** The split asked for on the payment. */
  subaccounts: Array<{ id: string; transaction_charge_type?: string; transaction_charge?: number }> | null;
  /** The card that paid it (data.card, with the token that charges it again). */
  card: FlutterwaveCard | null;
  /** Flutterwave's reference (FLW-MOCK-{id} unless set) and narration, as a transfer into a virtual account has them. */
  flw_ref?: string;
  narration?: string | null;
};

/** data.card as Flutterwave documents it: expiry "MM/YY". */
export type FlutterwaveCard = {
  first_6digits: string;
  last_4digits: string;
  issuer: string;
  country: string;
  type: string;
  expiry: string;
  token?: string;
};

export type FlutterwaveSubaccount = {
  id: number;
  subaccount_id: string;
  domain: Domain;
  account_bank: string;
  account_number: string;
  business_name: string;
  business_email: string | null;
  business_mobile: string | null;
  country: string;
  split_type: string;
  split_value: number;
};

export type FlutterwaveSettlement = {
  id: number;
  domain: Domain;
  /** The subaccount's RS_ code. */
  subaccount_id: string;
  status: "completed" | "pending" | "processing" | "flagged";
  currency: string;
  /** Naira. */
  gross_amount: number;
  app_fee: number;
  merchant_fee: number;
  stampduty_charge: number;
  net_amount: number;
  due_date: string;
  processed_date: string | null;
  /** tx_refs of the charges it paid. */
  references: string[];
  /** The account and bank code it paid: the subaccount's when it was made. */
  settlement_account: string | null;
  bank_code: string | null;
};

type FlutterwaveRecords = {
  charge: FlutterwaveCharge;
  refund: { id: number; tx_id: number; amount_refunded: number; status: string };
  bank: { id: number; code: string; name: string };
  subaccount: FlutterwaveSubaccount;
  settlement: FlutterwaveSettlement;
  settlementInput: Partial<Omit<FlutterwaveSettlement, "id">> & { subaccount_id: string; references: string[] };
};

export type FakeFlutterwave = FakeProcessor<FlutterwaveRecords> & {
  /** Items per page of the paginated lists (subaccounts, settlements). */
  pageSize: number;
  /** Card tokens by token, with the customer's e-mail they belong to (tokenized charges check it). */
  tokens: Map<string, { card: FlutterwaveCard; email: string; domain: Domain }>;
  /** Answer a declined tokenized charge as an error (status "error", HTTP 400), the charge still recorded. */
  declinesAsErrors: boolean;
  /** The secret hash its webhooks carry in verif-hash (transferEvent). */
  webhookHash: string;
  /** Static virtual accounts by account number. */
  virtualAccounts: Map<string, FlutterwaveVirtualAccount>;
  /** When set, POST /v3/virtual-account-numbers refuses (400) with these words, e.g. "Invalid BVN". */
  virtualAccountRefusal: string | null;
  /**
   * Someone transferred `amount` kobo into a static account: the charge.completed (payment_type
   * bank_transfer) Flutterwave would post, with `webhookHash`; verify by its id answers the charge.
   */
  transferEvent(input: TransferEventInput): SignedTransferEvent;
};

let nextId = 7_200_000;

const BANKS = [
  { id: 191, code: "044", name: "Access Bank" },
  { id: 196, code: "011", name: "First Bank of Nigeria" },
  { id: 1, code: "058", name: "GTBank Plc" },
  { id: 286, code: "50211", name: "Kuda Microfinance Bank" },
  { id: 177, code: "033", name: "United Bank for Africa" },
  { id: 173, code: "057", name: "Zenith Bank" },
];

export async function startFakeFlutterwave(options: { secretKey?: string; liveSecretKey?: string; webhookHash?: string } = {}): Promise<FakeFlutterwave> {
  const secretKey = options.secretKey ?? "FLWSECK_TEST-fake";
  const liveSecretKey = options.liveSecretKey ?? "FLWSECK-fake";
  const records = processorRecords<FlutterwaveRecords>(BANKS);
  const { charges, refunds, banks, accounts, subaccounts, settlements } = records;
  const tokens: FakeFlutterwave["tokens"] = new Map();
  const fail = (status: number, message: string): FakeReply => ({ status, body: { status: "error", message, data: null } });
  const ok = (message: string, data: unknown, meta?: unknown): FakeReply => ({
    status: 200,
    body: { status: "success", message, ...(meta ? { meta } : {}), data },
  });
  const virtualAccounts = flutterwaveAccounts({ newId: () => nextId++, ok, fail, charges, chargeData, webhookHash: () => fake.webhookHash });

  function paged<T>(rows: T[], url: URL): { data: T[]; meta: unknown } {
    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
    const data = rows.slice((page - 1) * fake.pageSize, page * fake.pageSize);
    return {
      data,
      meta: {
        page_info: { total: rows.length, current_page: page, total_pages: Math.max(1, Math.ceil(rows.length / fake.pageSize)), page_size: fake.pageSize },
      },
    };
  }

  /** The split payments and tokenized charges share, checked alike. */
  function splitProblem(body: Record<string, any>, domain: Domain): FakeReply | null {
    for (const split of body.subaccounts ?? []) {
      if (subaccounts.get(String(split?.id))?.domain !== domain) return fail(400, "Invalid subaccount id");
      if (split.transaction_charge_type !== undefined && !["flat", "percentage", "flat_subaccount"].includes(split.transaction_charge_type))
        return fail(400, "Invalid transaction_charge_type");
    }
    return null;
  }

  /** Create a Tokenized Charge (POST /v3/tokenized-charges): naira, answered at once. */
  function tokenizedCharge(body: Record<string, any>, domain: Domain): FakeReply {
    if (!body.token || !body.email || !body.tx_ref || !body.currency || typeof body.amount !== "number" || !(body.amount > 0))
      return fail(400, "token, email, currency, amount and tx_ref are required");
    if (charges.has(body.tx_ref)) return fail(400, "Duplicate transaction reference");
    const badSplit = splitProblem(body, domain);
    if (badSplit) return badSplit;
    const saved = tokens.get(String(body.token));
    if (saved?.domain !== domain) return fail(400, "Invalid token");
    if (saved.email.toLowerCase() !== String(body.email).toLowerCase()) return fail(400, "Email does not match the token's customer");
    const declined = fake.savedCardDeclines.get(String(body.token));
    const charge: FlutterwaveCharge = {
      id: nextId++,
      tx_ref: body.tx_ref,
      link: "",
      amount: body.amount,
      currency: body.currency,
      customer: { email: body.email },
      payment_options: "card",
      meta: body.meta ?? null,
      redirect_url: null,
      status: declined ? "failed" : "successful",
      app_fee: declined ? 0 : cardFee(body.amount),
      payment_type: "card",
      created_at: new Date().toISOString(),
      processor_response: declined ?? "Approved",
      domain,
      subaccounts: body.subaccounts ?? null,
      card: saved.card,
    };
    charges.set(charge.tx_ref, charge);
    const data = { ...chargeData(charge), auth_model: "noauth", narration: null, device_fingerprint: "N/A" };
    if (declined && fake.declinesAsErrors) return { status: 400, body: { status: "error", message: declined, data } };
    return ok(declined ? "Charge failed" : "Charge successful", data);
  }

  function handle(request: RecordedRequest): FakeReply {
    const domain = keyDomain(request, { secretKey, liveSecretKey });
    if (!domain) return fail(401, "Invalid authorization key");
    const url = new URL(request.path, "http://fake");
    const verify = /^\/v3\/transactions\/([^/]+)\/verify$/.exec(url.pathname);
    const refund = /^\/v3\/transactions\/([^/]+)\/refund$/.exec(url.pathname);
    const subaccountPath = /^\/v3\/subaccounts\/([^/]+)$/.exec(url.pathname);
    const settlementPath = /^\/v3\/settlements\/([^/]+)$/.exec(url.pathname);
    const byId = (id: string) => [...charges.values()].find((c) => String(c.id) === id && c.domain === domain);
    const byRef = (ref: string) => {
      const found = charges.get(ref);
      // Transfers are kept by flw_ref: verify_by_reference looks at tx_ref only.
      return found?.domain === domain && found.tx_ref === ref ? found : undefined;
    };
    const accountReply = virtualAccounts.handle(request, url.pathname, domain, fake.virtualAccountRefusal);
    if (accountReply) return accountReply;

    if (request.method === "POST" && url.pathname === "/v3/payments") {
      const body = request.body ?? {};
      if (!body.tx_ref || typeof body.amount !== "number" || !body.customer?.email) return fail(400, "Invalid payment request");
      const badSplit = splitProblem(body, domain);
      if (badSplit) return badSplit;
      const link = `https://checkout.flutterwave.com/v3/hosted/pay/${randomBytes(10).toString("hex")}`;
      charges.set(body.tx_ref, {
        id: nextId++,
        tx_ref: body.tx_ref,
        link,
        amount: body.amount,
        currency: body.currency ?? "NGN",
        customer: body.customer,
        payment_options: body.payment_options ?? null,
        meta: body.meta ?? null,
        redirect_url: body.redirect_url ?? null,
        status: "pending",
        app_fee: 0,
        payment_type: null,
        created_at: new Date().toISOString(),
        processor_response: null,
        domain,
        subaccounts: body.subaccounts ?? null,
        card: null,
      });
      return ok("Hosted Link", { link });
    }
    if (request.method === "POST" && url.pathname === "/v3/tokenized-charges") return tokenizedCharge(request.body ?? {}, domain);
    if (request.method === "GET" && verify) {
      const charge = byId(decodeURIComponent(verify[1]!));
      return charge ? ok("Transaction fetched successfully", chargeData(charge)) : fail(400, "No transaction was found for this id");
    }
    if (request.method === "GET" && url.pathname === "/v3/transactions/verify_by_reference") {
      const charge = byRef(url.searchParams.get("tx_ref") ?? "");
      return charge ? ok("Transaction fetched successfully", chargeData(charge)) : fail(400, "No transaction was found for this tx_ref");
    }
    if (request.method === "GET" && url.pathname === "/v3/banks/NG") {
      return ok("Banks fetched successfully", banks);
    }
    if (request.method === "POST" && url.pathname === "/v3/accounts/resolve") {
      const body = request.body ?? {};
      const name = accounts.get(`${body.account_bank}:${body.account_number}`);
      if (!name) return fail(400, "Sorry, that account number is invalid, please check and try again");
      return ok("Account details fetched", { account_number: body.account_number, account_name: name });
    }
    if (request.method === "GET" && url.pathname === "/v3/subaccounts") {
      const rows = [...subaccounts.values()].filter((s) => s.domain === domain).map(subaccountData);
      const { data, meta } = paged(rows, url);
      return ok("Subaccounts fetched", data, meta);
    }
    if (request.method === "GET" && subaccountPath) {
      // Fetch a Subaccount: by its numeric id.
      const found = [...subaccounts.values()].find((s) => String(s.id) === decodeURIComponent(subaccountPath[1]!) && s.domain === domain);
      return found ? ok("Subaccount fetched", subaccountData(found)) : fail(404, "Subaccount not found");
    }
    if ((request.method === "POST" && url.pathname === "/v3/subaccounts") || (request.method === "PUT" && subaccountPath)) {
      const body = request.body ?? {};
      // Updates address the numeric id (create's data.id), not the RS_ code.
      const existing = subaccountPath
        ? [...subaccounts.values()].find((s) => String(s.id) === decodeURIComponent(subaccountPath[1]!) && s.domain === domain)
        : undefined;
      if (subaccountPath && !existing) return fail(404, "Subaccount not found");
      const accountBank = String(body.account_bank ?? existing?.account_bank ?? "");
      const accountNumber = String(body.account_number ?? existing?.account_number ?? "");
      if (
        !accountBank ||
        !accountNumber ||
        !(body.business_name ?? existing?.business_name) ||
        (!existing && (body.country === undefined || body.split_value === undefined))
      ) {
        return fail(400, "account_bank, account_number, business_name, country and split_value are required");
      }
      if (!accounts.has(`${accountBank}:${accountNumber}`)) return fail(400, "Sorry, that account number is invalid, please check and try again");
      const record: FlutterwaveSubaccount = existing ?? {
        id: nextId++,
        subaccount_id: `RS_${randomBytes(16).toString("hex").toUpperCase()}`,
        domain,
        account_bank: "",
        account_number: "",
        business_name: "",
        business_email: null,
        business_mobile: null,
        country: "NG",
        split_type: "percentage",
        split_value: 0,
      };
      Object.assign(record, {
        account_bank: accountBank,
        account_number: accountNumber,
        business_name: body.business_name ?? record.business_name,
        business_email: body.business_email ?? record.business_email,
        business_mobile: body.business_mobile ?? record.business_mobile,
        country: body.country ?? record.country,
        split_type: body.split_type ?? record.split_type,
        split_value: Number(body.split_value ?? record.split_value),
      });
      subaccounts.set(record.subaccount_id, record);
      return ok(existing ? "Subaccount edited" : "Subaccount created", subaccountData(record));
    }
    if (request.method === "GET" && url.pathname === "/v3/settlements") {
      const subaccount = url.searchParams.get("subaccount_id");
      const from = url.searchParams.get("from");
      const rows = settlements
        .filter((s) => s.domain === domain && (!subaccount || s.subaccount_id === subaccount) && (!from || s.due_date.slice(0, 10) >= from))
        .map(settlementData);
      const { data, meta } = paged(rows, url);
      return ok("Settlements fetched", data, meta);
    }
    if (request.method === "GET" && settlementPath) {
      const settlement = settlements.find((s) => String(s.id) === decodeURIComponent(settlementPath[1]!) && s.domain === domain);
      if (!settlement) return fail(404, "Settlement not found");
      const transactions = settlement.references.map((ref) => {
        const c = charges.get(ref);
        return {
          customer_email: c?.customer.email ?? null,
          flw_ref: `FLW-MOCK-${c?.id ?? 0}`,
          tx_ref: ref,
          id: c?.id ?? nextId++,
          charged_amount: c?.amount ?? 0,
          app_fee: c?.app_fee ?? 0,
          merchant_fee: 0,
          stampduty_charge: 0,
          settlement_amount: (c?.amount ?? 0) - (c?.app_fee ?? 0),
          status: "successful",
          payment_entity: "card",
          transaction_date: (c?.created_at ?? settlement.due_date).slice(0, 10),
          currency: "NGN",
          card_locale: "LOCAL",
          rrn: "N/A",
          subaccount_settlement: 0,
        };
      });
      return ok("Settlement fetched", { ...settlementData(settlement), meta: JSON.stringify(transactions.map((t) => t.id)), transactions });
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
  const fake: FakeFlutterwave = Object.assign(server, {
    secretKey,
    liveSecretKey,
    ...records,
    pageSize: 20,
    tokens,
    declinesAsErrors: false,
    webhookHash: options.webhookHash ?? "flw-webhook-hash-for-tests",
    virtualAccounts: virtualAccounts.virtualAccounts,
    virtualAccountRefusal: null,
    transferEvent: virtualAccounts.transferEvent,
    setOutcome(reference: string, outcome: "success" | "failed", overrides: Partial<FlutterwaveCharge> = {}) {
      const charge = chargeOf(charges, reference, "Flutterwave");
      const paid = outcome === "success";
      Object.assign(charge, {
        status: paid ? "successful" : "failed",
        payment_type: "card",
        app_fee: paid ? cardFee(charge.amount) : 0,
        processor_response: paid ? "Approved by Financial Institution" : "Insufficient funds",
        ...overrides,
      });
      if (!("card" in overrides)) charge.card = paid && charge.payment_type === "card" ? newCard() : null;
      if (charge.card?.token) tokens.set(charge.card.token, { card: charge.card, email: charge.customer.email, domain: charge.domain });
      return charge;
    },
    webhookData(reference: string) {
      return chargeData(chargeOf(charges, reference, "Flutterwave"));
    },
    addSettlement(input: FlutterwaveRecords["settlementInput"]) {
      const paid = input.references.map((ref) => charges.get(ref)).filter((c): c is FlutterwaveCharge => c !== undefined);
      // Kobo internally so naira sums stay exact.
      const koboOf = (naira: number) => Math.round(naira * 100);
      const gross = input.gross_amount ?? paid.reduce((sum, c) => sum + koboOf(c.amount), 0) / 100;
      const appFee = input.app_fee ?? paid.reduce((sum, c) => sum + koboOf(c.app_fee), 0) / 100;
      const merchantFee = input.merchant_fee ?? paid.reduce((sum, c) => sum + koboOf(c.subaccounts?.[0]?.transaction_charge ?? 0), 0) / 100;
      const now = new Date().toISOString();
      const paidTo = subaccounts.get(input.subaccount_id);
      const settlement: FlutterwaveSettlement = {
        id: nextId++,
        domain: paid[0]?.domain ?? "test",
        settlement_account: paidTo?.account_number ?? null,
        bank_code: paidTo?.account_bank ?? null,
        status: "completed",
        currency: "NGN",
        gross_amount: gross,
        app_fee: appFee,
        merchant_fee: merchantFee,
        stampduty_charge: 0,
        net_amount: (koboOf(gross) - koboOf(appFee) - koboOf(merchantFee)) / 100,
        due_date: now,
        processed_date: now,
        ...input,
      };
      settlements.push(settlement);
      return settlement;
    },
  });
  return fake;
}

/** Flutterwave's local card fee, 1.4%, reported in naira with more than two decimals. */
function cardFee(naira: number): number {
  return Number((naira * 0.014).toFixed(4));
}

/** A test card as a verify answer shows it once paid, tokenized. */
function newCard(): FlutterwaveCard {
  return {
    first_6digits: "553188",
    last_4digits: "2950",
    issuer: "MASTERCARD CREDIT",
    country: "NG",
    type: "MASTERCARD",
    expiry: "09/32",
    token: `flw-t1nf-${randomBytes(16).toString("hex")}-m03k`,
  };
}

function subaccountData(s: FlutterwaveSubaccount): Record<string, unknown> {
  return {
    id: s.id,
    account_number: s.account_number,
    account_bank: s.account_bank,
    business_name: s.business_name,
    full_name: s.business_name,
    created_at: new Date().toISOString(),
    meta: null,
    account_id: 133581,
    split_ratio: 1,
    split_type: s.split_type,
    split_value: s.split_value,
    subaccount_id: s.subaccount_id,
    bank_name: BANKS.find((bank) => bank.code === s.account_bank)?.name ?? null,
    country: s.country,
  };
}

function settlementData(s: FlutterwaveSettlement): Record<string, unknown> {
  return {
    id: s.id,
    account_id: 73362,
    merchant_name: "Platform",
    merchant_email: "platform@example.com",
    settlement_account: s.settlement_account,
    bank_code: s.bank_code,
    transaction_date: s.due_date,
    due_date: s.due_date,
    processed_date: s.processed_date,
    status: s.status,
    is_local: true,
    currency: s.currency,
    gross_amount: s.gross_amount,
    app_fee: s.app_fee,
    merchant_fee: s.merchant_fee,
    chargeback: 0,
    refund: 0,
    stampduty_charge: s.stampduty_charge,
    net_amount: s.net_amount,
    transaction_count: s.references.length,
    processor_ref: null,
    disburse_ref: null,
    disburse_message: null,
    channel: "web",
    destination: "account",
    fx_data: null,
    flag_message: null,
    meta: null,
    refund_meta: null,
    chargeback_meta: null,
    source_bankcode: null,
    created_at: s.due_date,
  };
}

function chargeData(charge: FlutterwaveCharge): Record<string, unknown> {
  return {
    id: charge.id,
    tx_ref: charge.tx_ref,
    flw_ref: charge.flw_ref ?? `FLW-MOCK-${charge.id}`,
    amount: charge.amount,
    currency: charge.currency,
    charged_amount: charge.amount,
    app_fee: charge.app_fee,
    merchant_fee: 0,
    processor_response: charge.processor_response,
    status: charge.status,
    payment_type: charge.payment_type,
    created_at: charge.created_at,
    customer: charge.customer,
    meta: charge.meta,
    ...(charge.narration ? { narration: charge.narration } : {}),
    ...(charge.card ? { card: charge.card } : {}),
  };
}

/** A v3 `charge.completed` webhook: Flutterwave sends the configured secret hash in `verif-hash`. */
export function flutterwaveWebhook(secretHash: string, data: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event: "charge.completed", data, "event.type": "CARD_TRANSACTION" });
  return { body, headers: { "content-type": "application/json", "verif-hash": secretHash } };
}
