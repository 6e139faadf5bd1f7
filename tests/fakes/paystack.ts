// A fake Paystack speaking the documented API over real HTTP: initialize (with a split), verify,
// charge_authorization (saved cards), refund, banks, account resolution, subaccounts (create, update, fetch),
// settlements, customers and dedicated virtual accounts (./paystack-accounts.ts); plus a helper that signs webhook
// bodies exactly as Paystack does. Like the real one, a test key and a live key see separate worlds
// (`domain`): a charge made with one is unknown to the other.
import { createHmac, randomBytes } from "node:crypto";
import { chargeOf, keyDomain, processorRecords, startFakeServer, type Domain, type FakeProcessor, type FakeReply, type RecordedRequest } from "./server";
import {
  paystackAccounts,
  transferAuthorization,
  type PaystackCustomer,
  type PaystackDedicatedAccount,
  type SignedTransferEvent,
  type TransferEventInput,
} from "./paystack-accounts";

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
  /** Which key made it: the test key's world or the live key's. */
  domain: Domain;
  /** The split asked for at initialization. */
  subaccount: string | null;
  bearer: string | null;
  transaction_charge: number | null;
  /** What paid it (data.authorization); verify and webhooks send `{}` when there is none yet. */
  authorization: PaystackAuthorization | null;
  /** The Paystack customer it belongs to (data.customer.customer_code), when the fake knows one. */
  customer_code?: string | null;
};

/** data.authorization as Paystack documents it (exp_month/exp_year as text). */
export type PaystackAuthorization = {
  authorization_code: string;
  bin: string | null;
  last4: string | null;
  exp_month: string | null;
  exp_year: string | null;
  channel: string;
  card_type: string | null;
  bank: string | null;
  country_code: string;
  brand: string | null;
  reusable: boolean;
  signature: string | null;
  account_name: string | null;
  /** A transfer into a dedicated virtual account also names its sender and the receiving account. */
  sender_bank?: string | null;
  sender_bank_account_number?: string | null;
  sender_country?: string | null;
  sender_name?: string | null;
  narration?: string | null;
  receiver_bank_account_number?: string | null;
  receiver_bank?: string | null;
};

export type PaystackSubaccount = {
  id: number;
  subaccount_code: string;
  domain: Domain;
  business_name: string;
  bank_code: string;
  account_number: string;
  percentage_charge: number;
  primary_contact_email: string | null;
  primary_contact_phone: string | null;
};

export type PaystackSettlement = {
  id: number;
  domain: Domain;
  /** The subaccount's code. */
  subaccount: string;
  status: "success" | "processing" | "pending" | "failed";
  currency: string;
  total_amount: number;
  total_fees: number;
  total_processed: number;
  settlement_date: string;
  /** References of the charges it paid. */
  references: string[];
  /** The bank (its name, as Paystack's subaccount object has it) and account it paid: the subaccount's when it was made. */
  settlement_bank: string | null;
  account_number: string | null;
};

type PaystackRecords = {
  charge: PaystackCharge;
  refund: { id: number; transaction: string; amount: number; status: string };
  bank: { name: string; code: string };
  subaccount: PaystackSubaccount;
  settlement: PaystackSettlement;
  settlementInput: Partial<Omit<PaystackSettlement, "id">> & { subaccount: string; references: string[] };
};

export type FakePaystack = FakeProcessor<PaystackRecords> & {
  /** The most items one page answers (Paystack caps perPage): lower it to test pagination. */
  maxPerPage: number;
  /** Subaccounts whose settlement list answers 500 (Paystack down for them only). */
  failingSettlements: Set<string>;
  /** How many of the next settlement lists answer 429 with `Retry-After: 1`. */
  rateLimitedSettlements: number;
  /** Saved authorizations by code, with the customer's e-mail they belong to (charge_authorization checks it). */
  authorizations: Map<string, { authorization: PaystackAuthorization; email: string; domain: Domain }>;
  /** Customers by customer_code (POST /customer answers the one it has for an e-mail). */
  customers: Map<string, PaystackCustomer>;
  /** Dedicated virtual accounts by account number. */
  dedicatedAccounts: Map<string, PaystackDedicatedAccount>;
  /** When set, POST /dedicated_account refuses (400) with these words, e.g. "Dedicated NUBAN not available for this business". */
  dedicatedAccountRefusal: string | null;
  /**
   * Someone transferred `amount` kobo into a dedicated account: the signed charge.success (channel
   * dedicated_nuban) Paystack would post, whose reference verify then answers.
   */
  transferEvent(input: TransferEventInput): SignedTransferEvent;
};

let nextId = 4_100_000_000;

/** A few real Nigerian banks as Paystack lists them (codes are CBN codes). */
const BANKS = [
  { name: "Access Bank", code: "044" },
  { name: "First Bank of Nigeria", code: "011" },
  { name: "Guaranty Trust Bank", code: "058" },
  { name: "Kuda Bank", code: "50211" },
  { name: "United Bank For Africa", code: "033" },
  { name: "Zenith Bank", code: "057" },
];

export async function startFakePaystack(options: { secretKey?: string; liveSecretKey?: string } = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? "sk_test_fake";
  const liveSecretKey = options.liveSecretKey ?? "sk_live_fake";
  const records = processorRecords<PaystackRecords>(BANKS);
  const { charges, refunds, banks, accounts, subaccounts, settlements } = records;
  const authorizations: FakePaystack["authorizations"] = new Map();
  const fail = (status: number, message: string): FakeReply => ({ status, body: { status: false, message } });
  const ok = (message: string, data: unknown, meta?: unknown): FakeReply => ({ status: 200, body: { status: true, message, data, ...(meta ? { meta } : {}) } });
  const bankName = (code: string) => banks.find((bank) => bank.code === code)?.name ?? null;
  const virtualAccounts = paystackAccounts({
    newId: () => nextId++,
    ok,
    fail,
    subaccountDomain: (code) => subaccounts.get(code)?.domain ?? null,
    charges,
    webhook: (domain, event, data) => paystackWebhook(domain === "live" ? liveSecretKey : secretKey, event, data),
    chargeData,
  });

  /** page/perPage pagination with Paystack's meta. */
  function paged<T>(rows: T[], url: URL): { data: T[]; meta: Record<string, number> } {
    const perPage = Math.min(Number(url.searchParams.get("perPage") ?? 50) || 50, fake.maxPerPage);
    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
    const data = rows.slice((page - 1) * perPage, page * perPage);
    return { data, meta: { total: rows.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.max(1, Math.ceil(rows.length / perPage)) } };
  }

  /** The split fields initialize and charge_authorization share, checked alike. */
  function splitProblem(body: Record<string, any>, domain: Domain): FakeReply | null {
    if (body.subaccount !== undefined && subaccounts.get(String(body.subaccount))?.domain !== domain) return fail(400, "Invalid Subaccount code");
    if (body.bearer !== undefined && !["account", "subaccount"].includes(body.bearer)) return fail(400, "Invalid bearer");
    if (body.transaction_charge !== undefined && !(Number.isInteger(body.transaction_charge) && body.transaction_charge >= 0))
      return fail(400, "Invalid transaction charge");
    return null;
  }

  /** Charge Authorization (https://paystack.com/docs/api/transaction/#charge-authorization): answered at once, no webhook needed. */
  function chargeAuthorization(body: Record<string, any>, domain: Domain): FakeReply {
    const amount = typeof body.amount === "string" && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
    if (!body.email || !body.authorization_code || !(Number.isInteger(amount) && amount > 0))
      return fail(400, "authorization_code, email and a valid amount are required");
    const reference = String(body.reference ?? `T${randomBytes(6).toString("hex")}`);
    if (charges.has(reference)) return fail(400, "Duplicate Transaction Reference");
    const badSplit = splitProblem(body, domain);
    if (badSplit) return badSplit;
    const saved = authorizations.get(String(body.authorization_code));
    if (saved?.domain !== domain) return fail(400, "Invalid authorization code");
    if (!saved.authorization.reusable) return fail(400, "Authorization is not reusable");
    if (saved.email.toLowerCase() !== String(body.email).toLowerCase()) return fail(400, "Email does not match the authorization's customer");
    const declined = fake.savedCardDeclines.get(saved.authorization.authorization_code);
    const charge: PaystackCharge = {
      id: nextId++,
      reference,
      access_code: randomBytes(8).toString("hex"),
      amount,
      currency: body.currency ?? "NGN",
      email: body.email,
      callback_url: null,
      channels: null,
      metadata: body.metadata ?? null,
      status: declined ? "failed" : "success",
      fees: declined ? null : cardFee(amount),
      channel: "card",
      paid_at: declined ? null : new Date().toISOString(),
      gateway_response: declined ?? "Approved",
      domain,
      subaccount: body.subaccount ?? null,
      bearer: body.bearer ?? null,
      transaction_charge: body.transaction_charge ?? null,
      authorization: saved.authorization,
    };
    charges.set(reference, charge);
    // The documented answer: transaction_date, no paid_at.
    const { paid_at: _paidAt, ...data } = chargeData(charge);
    return ok("Charge attempted", {
      ...data,
      transaction_date: charge.paid_at ?? new Date().toISOString(),
      message: null,
      plan: null,
      log: null,
      ip_address: null,
    });
  }

  function handle(request: RecordedRequest): FakeReply {
    const domain = keyDomain(request, { secretKey, liveSecretKey });
    if (!domain) return fail(401, "Invalid key");
    const url = new URL(request.path, "http://fake");
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    const subaccountPath = /^\/subaccount\/([^/]+)$/.exec(url.pathname);
    const settlementTransactions = /^\/settlement\/([^/]+)\/transactions$/.exec(url.pathname);
    const charge = (reference: string) => {
      const found = charges.get(reference);
      return found?.domain === domain ? found : undefined;
    };

    const accountReply = virtualAccounts.handle(request, url.pathname, domain, fake.dedicatedAccountRefusal);
    if (accountReply) return accountReply;
    if (request.method === "POST" && url.pathname === "/transaction/initialize") {
      const body = request.body ?? {};
      if (!body.email || !/^\d+$/.test(String(body.amount ?? ""))) return fail(400, "Invalid amount or email");
      const reference = String(body.reference ?? `T${randomBytes(6).toString("hex")}`);
      if (charges.has(reference)) return fail(400, "Duplicate Transaction Reference");
      const badSplit = splitProblem(body, domain);
      if (badSplit) return badSplit;
      const accessCode = randomBytes(8).toString("hex");
      charges.set(reference, {
        id: nextId++,
        reference,
        access_code: accessCode,
        amount: Number(body.amount),
        currency: body.currency ?? "NGN",
        email: body.email,
        callback_url: body.callback_url ?? null,
        channels: body.channels ?? null,
        metadata: body.metadata ?? null,
        status: "abandoned",
        fees: null,
        channel: null,
        paid_at: null,
        gateway_response: null,
        domain,
        subaccount: body.subaccount ?? null,
        bearer: body.bearer ?? null,
        transaction_charge: body.transaction_charge ?? null,
        authorization: null,
      });
      return ok("Authorization URL created", { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference });
    }
    if (request.method === "POST" && url.pathname === "/transaction/charge_authorization") return chargeAuthorization(request.body ?? {}, domain);
    if (request.method === "GET" && verify) {
      const found = charge(decodeURIComponent(verify[1]!));
      return found ? ok("Verification successful", chargeData(found)) : fail(400, "Transaction reference not found");
    }
    if (request.method === "GET" && url.pathname === "/bank") {
      // Cursor pagination (use_cursor=true, perPage, next), as documented for List Banks.
      const perPage = Math.min(Number(url.searchParams.get("perPage") ?? 50) || 50, fake.maxPerPage);
      const after = url.searchParams.get("next");
      const start = after ? Number(Buffer.from(after, "base64").toString().replace("bank:", "")) : 0;
      const rows = banks.slice(start, start + perPage).map((bank, i) => ({
        ...bank,
        slug: bank.name.toLowerCase().replaceAll(" ", "-"),
        longcode: "",
        gateway: null,
        pay_with_bank: false,
        active: true,
        is_deleted: false,
        country: "Nigeria",
        currency: "NGN",
        type: "nuban",
        id: start + i + 1,
      }));
      const end = start + rows.length;
      return ok("Banks retrieved", rows, { next: end < banks.length ? Buffer.from(`bank:${end}`).toString("base64") : null, previous: null, perPage });
    }
    if (request.method === "GET" && url.pathname === "/bank/resolve") {
      const name = accounts.get(`${url.searchParams.get("bank_code")}:${url.searchParams.get("account_number")}`);
      if (!name) return fail(422, "Could not resolve account name. Check parameters or try again.");
      return ok("Account number resolved", { account_number: url.searchParams.get("account_number"), account_name: name, bank_id: 9 });
    }
    if (request.method === "GET" && subaccountPath) {
      // Fetch Subaccount: by code or numeric id.
      const wanted = decodeURIComponent(subaccountPath[1]!);
      const found = [...subaccounts.values()].find((s) => (s.subaccount_code === wanted || String(s.id) === wanted) && s.domain === domain);
      return found ? ok("Subaccount retrieved", subaccountData(found)) : fail(404, "Subaccount not found");
    }
    if ((request.method === "POST" && url.pathname === "/subaccount") || (request.method === "PUT" && subaccountPath)) {
      const body = request.body ?? {};
      const existing = subaccountPath ? subaccounts.get(decodeURIComponent(subaccountPath[1]!)) : undefined;
      if (subaccountPath && existing?.domain !== domain) return fail(404, "Subaccount not found");
      // The current reference names it bank_code; older docs settlement_bank: both are accepted.
      const bankCode = String(body.bank_code ?? body.settlement_bank ?? existing?.bank_code ?? "");
      const accountNumber = String(body.account_number ?? existing?.account_number ?? "");
      const businessName = body.business_name ?? existing?.business_name;
      const percentage = body.percentage_charge ?? existing?.percentage_charge;
      if (!businessName || !bankCode || !accountNumber || typeof percentage !== "number")
        return fail(400, "business_name, bank_code, account_number and percentage_charge are required");
      if (!bankName(bankCode)) return fail(400, "Unknown bank code");
      if (!accounts.has(`${bankCode}:${accountNumber}`)) return fail(400, "Account details are invalid");
      const record: PaystackSubaccount = existing ?? {
        id: nextId++,
        subaccount_code: `ACCT_${randomBytes(7).toString("hex")}`,
        domain,
        business_name: "",
        bank_code: "",
        account_number: "",
        percentage_charge: 0,
        primary_contact_email: null,
        primary_contact_phone: null,
      };
      Object.assign(record, {
        business_name: businessName,
        bank_code: bankCode,
        account_number: accountNumber,
        percentage_charge: percentage,
        primary_contact_email: body.primary_contact_email ?? record.primary_contact_email,
        primary_contact_phone: body.primary_contact_phone ?? record.primary_contact_phone,
      });
      subaccounts.set(record.subaccount_code, record);
      return ok(existing ? "Subaccount updated" : "Subaccount created", subaccountData(record));
    }
    if (request.method === "GET" && url.pathname === "/settlement") {
      const subaccount = url.searchParams.get("subaccount");
      if (subaccount && fake.failingSettlements.has(subaccount)) return fail(500, "An error occurred");
      if (fake.rateLimitedSettlements > 0) {
        fake.rateLimitedSettlements--;
        return { ...fail(429, "Too many requests. Please try again later."), headers: { "retry-after": "1" } };
      }
      const from = url.searchParams.get("from");
      const rows = settlements
        .filter((s) => s.domain === domain && (!subaccount || s.subaccount === subaccount) && (!from || Date.parse(s.settlement_date) >= Date.parse(from)))
        .map(({ references: _r, subaccount: code, settlement_bank, account_number, ...rest }) => ({
          ...rest,
          integration: 463433,
          effective_amount: rest.total_amount,
          deductions: null,
          settled_by: null,
          subaccount: { id: subaccounts.get(code)?.id ?? null, subaccount_code: code, settlement_bank, account_number },
        }));
      const { data, meta } = paged(rows, url);
      return ok("Settlements retrieved", data, meta);
    }
    if (request.method === "GET" && settlementTransactions) {
      const settlement = settlements.find((s) => String(s.id) === decodeURIComponent(settlementTransactions[1]!) && s.domain === domain);
      if (!settlement) return fail(404, "Settlement not found");
      const rows = settlement.references.map((reference) => {
        const paid = charges.get(reference);
        return paid ? chargeData(paid) : { id: nextId++, domain, status: "success", reference, amount: 0, currency: "NGN", fees: 0 };
      });
      const { data, meta } = paged(rows, url);
      return ok("Transactions retrieved", data, { ...meta, total_volume: rows.reduce((sum, row) => sum + Number(row.amount), 0) });
    }
    if (request.method === "POST" && url.pathname === "/refund") {
      const body = request.body ?? {};
      const charge = [...charges.values()].find(
        (c) => c.domain === domain && (c.reference === String(body.transaction) || String(c.id) === String(body.transaction)),
      );
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
  const fake: FakePaystack = Object.assign(server, {
    secretKey,
    liveSecretKey,
    ...records,
    maxPerPage: 100,
    failingSettlements: new Set<string>(),
    rateLimitedSettlements: 0,
    authorizations,
    customers: virtualAccounts.customers,
    dedicatedAccounts: virtualAccounts.dedicatedAccounts,
    dedicatedAccountRefusal: null,
    transferEvent: virtualAccounts.transferEvent,
    setOutcome(reference: string, outcome: "success" | "failed", overrides: Partial<PaystackCharge> = {}) {
      const charge = chargeOf(charges, reference, "Paystack");
      const paid = outcome === "success";
      Object.assign(charge, {
        status: outcome,
        channel: "card",
        fees: paid ? cardFee(charge.amount) : null,
        paid_at: paid ? new Date().toISOString() : null,
        gateway_response: paid ? "Approved" : "Declined",
        ...overrides,
      });
      if (!("authorization" in overrides)) charge.authorization = paid ? newAuthorization(charge.channel ?? "card") : null;
      if (charge.authorization)
        authorizations.set(charge.authorization.authorization_code, { authorization: charge.authorization, email: charge.email, domain: charge.domain });
      return charge;
    },
    webhookData(reference: string) {
      return chargeData(chargeOf(charges, reference, "Paystack"));
    },
    addSettlement(input: PaystackRecords["settlementInput"]) {
      const paid = input.references.map((reference) => charges.get(reference)).filter((c): c is PaystackCharge => c !== undefined);
      const processed = input.total_processed ?? paid.reduce((sum, c) => sum + c.amount, 0);
      const fees = input.total_fees ?? paid.reduce((sum, c) => sum + (c.fees ?? 0) + (c.transaction_charge ?? 0), 0);
      const paidTo = subaccounts.get(input.subaccount);
      const settlement: PaystackSettlement = {
        id: nextId++,
        domain: paid[0]?.domain ?? "test",
        settlement_bank: paidTo ? (bankName(paidTo.bank_code) ?? paidTo.bank_code) : null,
        account_number: paidTo?.account_number ?? null,
        status: "success",
        currency: "NGN",
        total_processed: processed,
        total_fees: fees,
        total_amount: processed - fees,
        settlement_date: new Date().toISOString(),
        ...input,
      };
      settlements.push(settlement);
      return settlement;
    },
  });
  return fake;
}

/** Paystack's local card fee: 1.5% + ₦100 above ₦2,500, capped at ₦2,000 (kobo). */
function cardFee(amount: number): number {
  return Math.min(Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0), 200_000);
}

/** What a payment saves: a reusable test card's authorization, or (a transfer) one that cannot be charged again. */
function newAuthorization(channel: string): PaystackAuthorization {
  if (channel !== "card") return transferAuthorization(channel, null);
  return {
    authorization_code: `AUTH_${randomBytes(5).toString("hex")}`,
    bin: "408408",
    last4: "4081",
    exp_month: "12",
    exp_year: "2030",
    channel: "card",
    card_type: "visa DEBIT",
    bank: "TEST BANK",
    country_code: "NG",
    brand: "visa",
    reusable: true,
    signature: `SIG_${randomBytes(10).toString("hex")}`,
    account_name: null,
  };
}

function subaccountData(s: PaystackSubaccount): Record<string, unknown> {
  return {
    id: s.id,
    subaccount_code: s.subaccount_code,
    business_name: s.business_name,
    account_number: s.account_number,
    percentage_charge: s.percentage_charge,
    settlement_bank: BANKS.find((bank) => bank.code === s.bank_code)?.name ?? s.bank_code,
    currency: "NGN",
    domain: s.domain,
    primary_contact_email: s.primary_contact_email,
    primary_contact_phone: s.primary_contact_phone,
    is_verified: false,
    settlement_schedule: "AUTO",
    active: true,
    migrate: false,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
}

function chargeData(charge: PaystackCharge): Record<string, unknown> {
  return {
    id: charge.id,
    domain: charge.domain,
    status: charge.status,
    reference: charge.reference,
    amount: charge.amount,
    gateway_response: charge.gateway_response,
    paid_at: charge.paid_at,
    channel: charge.channel,
    currency: charge.currency,
    fees: charge.fees,
    metadata: charge.metadata,
    customer: { email: charge.email, ...(charge.customer_code ? { customer_code: charge.customer_code } : {}) },
    authorization: charge.authorization ?? {},
  };
}

/** A webhook body and headers signed like Paystack's: hex HMAC-SHA512 of the exact body. */
export function paystackWebhook(secretKey: string, event: string, data: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event, data });
  const signature = createHmac("sha512", secretKey).update(body).digest("hex");
  return { body, headers: { "content-type": "application/json", "x-paystack-signature": signature } };
}
