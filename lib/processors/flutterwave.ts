// Flutterwave's real v3 API (https://developer.flutterwave.com). Flutterwave speaks naira, so amounts
// convert at this boundary. Its webhook carries only a static secret hash that does not cover the
// body, so confirmWebhooksByVerify makes the caller re-check every charge with verify().
import { z } from "@/lib/zod";
import { koboToNairaString, nairaToKobo } from "@/lib/payments/money";
import { envelopeClient, invalidResponse, safeCompare, type Gate } from "./http";
import { currency, hintsFrom, MalformedWebhookError, message, parseJsonBody, parseOrMalformed, processorId, reference, text, timestamp } from "./fields";
import { cardBrand, cardLast4, cardMonth, cardYear, label, lookup, nuban, paidAccount, refundAnswer, resolvedAccount, type MalformedHints } from "./fields";
import { chargeOrAnswerRefusal, isHardDecline } from "./declines";
import {
  ProcessorError,
  processorDescriptor,
  type ChargeDetails,
  type ChargeStatus,
  type InboundTransfer,
  type ProcessorAdapter,
  type RefundUpdate,
  type Split,
  type SavedCard,
  type Settlement,
  type SettlementStatus,
  type WebhookEvent,
} from "./types";
import type { Channel } from "@/lib/payments/channels";

type FlutterwaveOptions = {
  secretKey: string;
  secretHash: string;
  baseUrl: string;
  timeoutMs: number;
  /** Paces the settlement reads (the payout job); checkout calls go straight through. */
  backgroundGate?: Gate;
};

const PAYMENT_OPTIONS: Record<Channel, string> = { card: "card", bank_transfer: "banktransfer", ussd: "ussd" };
const STATUSES: Record<string, ChargeStatus> = { successful: "success", failed: "failed", pending: "pending", cancelled: "abandoned" };
const METHODS: Record<string, string> = { card: "CARD", bank_transfer: "BANK_TRANSFER", banktransfer: "BANK_TRANSFER", ussd: "USSD" };

/** Naira as Flutterwave sends them: exact naira and kobo, small enough that kobo stay exact. */
const naira = z
  .union(
    [
      z
        .number()
        .nonnegative()
        .max(Number.MAX_SAFE_INTEGER / 100),
      z.string(),
    ],
    { error: "must be an amount in naira" },
  )
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "must be an amount in naira with at most 2 decimals" });
      return z.NEVER;
    }
    return nairaToKobo(text);
  });
/** Fees and settlement amounts: naira with any decimals, rounded half up to the kobo. */
const roundedNaira = z.union([z.number(), z.string()]).transform((value, ctx) => {
  try {
    return feeToKobo(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an amount in naira" });
    return z.NEVER;
  }
});
/** An absent fee is none. */
const fee = roundedNaira.nullish().transform((kobo) => kobo ?? 0n);

/**
 * The card a charge used (data.card; its `token` charges it again, https://developer.flutterwave.com/docs/tokenization).
 * Read leniently: an odd field is only a card we cannot describe, never a refused answer.
 */
const cardSchema = z
  .object({
    last_4digits: cardLast4.nullish().catch(null),
    type: text(50).nullish().catch(null),
    /** "MM/YY". */
    expiry: text(10).nullish().catch(null),
    token: text(200).min(1).nullish().catch(null),
  })
  .nullish()
  .catch(null);

const chargeSchema = z.object({
  id: processorId,
  tx_ref: reference,
  /** Flutterwave's own reference: one per charge, where a static account's tx_ref is the same for every transfer. */
  flw_ref: reference.nullish().catch(null),
  status: text(50),
  amount: naira,
  currency,
  app_fee: fee,
  payment_type: text(50).nullish(),
  created_at: timestamp.nullish(),
  processor_response: message.nullish(),
  card: cardSchema,
});

const paymentSchema = z.object({ link: z.url({ protocol: /^https?$/ }) });

// Banks, account resolution, subaccounts and settlements (v3: /banks/NG, /accounts/resolve,
// /subaccounts, /settlements). Settlement amounts are naira; odd decimals round half up to the kobo.
const bankSchema = z.object({ code: text(20).min(1), name: text(200).min(1) });
const subaccountSchema = z.object({ id: processorId, subaccount_id: text(100).min(1) });
const subaccountDetailSchema = z.object({ account_bank: text(20).min(1), account_number: text(20).min(1), bank_name: text(200).nullish() });
const pageInfoSchema = z
  .object({ page_info: z.object({ current_page: z.coerce.number().int().nullish(), total_pages: z.coerce.number().int().nullish() }).nullish() })
  .nullish();
const settlementSchema = z.object({
  id: processorId,
  status: text(50),
  currency: currency.nullish(),
  gross_amount: roundedNaira,
  net_amount: roundedNaira,
  app_fee: fee,
  merchant_fee: fee,
  stampduty_charge: fee,
  due_date: timestamp.nullish(),
  processed_date: timestamp.nullish(),
  /** The account it paid: its number and its bank's code (the name comes from the bank list). */
  settlement_account: z
    .union([text(30), z.number()])
    .nullish()
    .catch(null),
  bank_code: text(20).nullish().catch(null),
});
const settlementDetailSchema = z.object({ transactions: z.array(z.object({ tx_ref: reference })).nullish() });

// Static (permanent) virtual accounts: POST /v3/virtual-account-numbers with is_permanent and the customer's
// bvn (https://developer.flutterwave.com/v3.0/docs/ngn-virtual-accounts). It answers response_code "02",
// flw_ref, order_ref, account_number, bank_name, created_at, expiry_date, note and amount, but no account
// name: the note names the payee ("Please make a bank transfer to <name>"), as the bank will show it.
const virtualAccountSchema = z.object({
  account_number: nuban,
  bank_name: text(200).min(1),
  order_ref: text(100).min(1).nullish(),
  note: text(500).nullish().catch(null),
});
const PAYEE_NOTE = /^please make a bank transfer to\s+(.+)$/i;

const SETTLEMENT_STATUSES: Record<string, SettlementStatus> = {
  completed: "paid",
  successful: "paid",
  success: "paid",
  processing: "processing",
  pending: "pending",
  flagged: "failed",
  failed: "failed",
};
/** Pages followed at most, so a processor answering "more" for ever cannot keep a job busy. */
const MAX_PAGES = 50;
/** The bank list names a settlement's bank_code; it changes a few times a year. */
const BANKS_TTL_MS = 24 * 60 * 60 * 1000;

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

function toCharge(data: z.output<typeof chargeSchema>): ChargeDetails {
  const status = lookup(STATUSES, data.status.toLowerCase()) ?? "pending";
  const type = data.payment_type?.toLowerCase();
  const savedCard = type === "card" ? flutterwaveSavedCard(data.card) : null;
  return {
    reference: data.tx_ref,
    status,
    amount: data.amount,
    currency: data.currency,
    fee: data.app_fee,
    paymentMethod: type ? (lookup(METHODS, type) ?? type.toUpperCase()) : null,
    // Flutterwave has no separate payment time; a successful charge completes when it is created.
    paidAt: status === "success" ? (data.created_at ?? null) : null,
    processorTransactionId: data.id,
    message: data.processor_response ?? null,
    ...(savedCard ? { savedCard } : {}),
    ...(status === "failed" && isHardDecline(data.processor_response) ? { retryable: false } : {}),
  };
}

/** A tokenized card; without its token (webhooks may leave it out) there is nothing to charge again. */
function flutterwaveSavedCard(card: z.output<typeof cardSchema>): SavedCard | null {
  if (!card?.token) return null;
  const expiry = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(card.expiry?.trim() ?? "");
  const month = cardMonth.safeParse(expiry?.[1]);
  const year = cardYear.safeParse(expiry?.[2]);
  return {
    authorization: card.token,
    reusable: true,
    // type reads like "MASTERCARD" or "VISA".
    brand: cardBrand(card.type),
    last4: card.last_4digits ?? null,
    expMonth: month.success ? month.data : null,
    expYear: year.success ? year.data : null,
  };
}

/** Split: "flat" makes transaction_charge (naira) the platform's commission; the subaccount gets the rest. */
function subaccounts(split: Split | null | undefined) {
  if (!split) return {};
  return {
    subaccounts: [{ id: split.subaccountCode, transaction_charge_type: "flat", transaction_charge: Number(koboToNairaString(split.platformFee)) }],
  };
}

export function createFlutterwaveAdapter(options: FlutterwaveOptions): ProcessorAdapter {
  const call = envelopeClient({ ...options, ok: "success", failed: "error" });
  const read = envelopeClient({ ...options, ok: "success", failed: "error", gate: options.backgroundGate });
  let bankList: { names: Map<string, string>; at: number } | undefined;

  async function verify(reference: string, processorTransactionId?: string | null): Promise<ChargeDetails> {
    const path = processorTransactionId
      ? `/v3/transactions/${encodeURIComponent(processorTransactionId)}/verify`
      : `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`;
    const data = await call(verifySchema, "GET", path);
    // A transfer into a static account is known by its flw_ref (its tx_ref is the account's): by id only.
    // Its tx_ref comes back as the transfer's account, which the unsigned webhook's must match.
    if (processorTransactionId && data.flw_ref === reference && data.tx_ref !== reference) {
      return { ...toCharge(data), reference, transfer: staticAccountInbound(data.tx_ref, data.meta, data.narration) };
    }
    // An id comes from the (unsigned) webhook body: it must not confirm some other charge.
    if (data.tx_ref !== reference) throw new ProcessorError("Processor answered about a different transaction", "invalid_response");
    return toCharge(data);
  }

  /** Flutterwave's name for a bank code, from its own list (read once a day per process); null if unknown. */
  async function bankName(code: string | null | undefined): Promise<string | null> {
    if (!code) return null;
    if (!bankList || Date.now() - bankList.at > BANKS_TTL_MS) {
      const list = await read(z.array(bankSchema), "GET", "/v3/banks/NG");
      bankList = { names: new Map(list.map((bank) => [bank.code, bank.name])), at: Date.now() };
    }
    return bankList.names.get(code) ?? null;
  }

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
        ...subaccounts(input.split),
      });
      // The hosted page's last path segment identifies the checkout session.
      const accessCode = new URL(data.link).pathname.split("/").filter(Boolean).at(-1);
      if (!accessCode) throw invalidResponse();
      return { authorizationUrl: data.link, accessCode, processorReference: null };
    },

    verify,

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
      return call(refundAnswer("completed"), "POST", `/v3/transactions/${encodeURIComponent(processorTransactionId)}/refund`, {
        amount: Number(koboToNairaString(amount)),
      });
    },

    // POST /v3/tokenized-charges answers the charge at once: data.status successful or failed.
    // A decline answered as an error, or a tx_ref already used: Flutterwave's record of it answers.
    chargeSavedCard(input) {
      return chargeOrAnswerRefusal(input, verify, async () => {
        const data = await call(chargeSchema, "POST", "/v3/tokenized-charges", {
          token: input.authorization,
          currency: input.currency,
          country: "NG",
          amount: Number(koboToNairaString(input.amount)),
          email: input.email,
          tx_ref: input.reference,
          ...(input.metadata ? { meta: input.metadata } : {}),
          ...subaccounts(input.split),
        });
        return toCharge(data);
      });
    },

    async createVirtualAccount(input) {
      const bvn = input.bvn?.trim();
      if (!bvn) throw new ProcessorError("Flutterwave needs the customer's BVN for a permanent account number", "declined");
      const data = await call(virtualAccountSchema, "POST", "/v3/virtual-account-numbers", {
        email: input.email,
        is_permanent: true,
        bvn,
        // "The transaction reference that should be returned whenever a transfer is made into the account"
        // (https://developer.flutterwave.com/docs/collecting-payments/virtual-accounts): our customer's id.
        tx_ref: input.customerId,
        ...(input.firstName ? { firstname: input.firstName } : {}),
        ...(input.lastName ? { lastname: input.lastName } : {}),
        ...(input.phone ? { phonenumber: input.phone } : {}),
        narration: input.narration,
      });
      const payee = PAYEE_NOTE.exec(data.note?.trim() ?? "")?.[1]?.trim();
      return {
        bankName: data.bank_name,
        accountNumber: data.account_number,
        accountName: payee || input.narration,
        externalId: data.order_ref ?? null,
        customerCode: null,
      };
    },

    async listBanks() {
      const banks = await call(z.array(bankSchema), "GET", "/v3/banks/NG");
      return banks.map((bank) => ({ code: bank.code, name: bank.name }));
    },

    async resolveAccount(bankCode, accountNumber) {
      return call(resolvedAccount, "POST", "/v3/accounts/resolve", { account_number: accountNumber, account_bank: bankCode });
    },

    async saveSubaccount(input) {
      // split_value 0: the subaccount keeps everything by default; each payment's flat transaction_charge is the platform's.
      const body = {
        account_bank: input.bankCode,
        account_number: input.accountNumber,
        business_name: input.businessName,
        ...(input.email ? { business_email: input.email } : {}),
        ...(input.phone ? { business_mobile: input.phone } : {}),
        country: "NG",
        split_type: "flat",
        split_value: 0,
      };
      if (!input.existingCode) {
        const created = await call(subaccountSchema, "POST", "/v3/subaccounts", body);
        return { code: created.subaccount_id };
      }
      // Updates address the subaccount by its numeric id (create's data.id), not its RS_ code.
      const id = await subaccountId(input.existingCode);
      const updated = await call(subaccountSchema, "PUT", `/v3/subaccounts/${encodeURIComponent(id)}`, body);
      return { code: updated.subaccount_id };
    },

    async getSubaccount(code) {
      // Fetch a Subaccount takes the numeric id, like updates.
      const id = await subaccountId(code);
      const data = await read(subaccountDetailSchema, "GET", `/v3/subaccounts/${encodeURIComponent(id)}`);
      return { bankCode: data.account_bank, bankName: data.bank_name ?? null, accountNumber: data.account_number };
    },

    async listSettlements(subaccountCode, { from }) {
      const settlements: Settlement[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const query = new URLSearchParams({ subaccount_id: subaccountCode, from: from.toISOString().slice(0, 10), page: String(page) });
        const answer = await read.page(z.array(settlementSchema), pageInfoSchema, `/v3/settlements?${query}`);
        for (const row of answer.data) {
          const status = lookup(SETTLEMENT_STATUSES, row.status.toLowerCase()) ?? "pending";
          const detail = await read(settlementDetailSchema, "GET", `/v3/settlements/${encodeURIComponent(row.id)}`);
          settlements.push({
            externalId: row.id,
            status,
            amount: row.net_amount,
            fees: row.app_fee + row.merchant_fee + row.stampduty_charge,
            grossAmount: row.gross_amount,
            currency: row.currency ?? "NGN",
            settledAt: status === "paid" ? (row.processed_date ?? row.due_date ?? null) : null,
            transactionReferences: (detail.transactions ?? []).map((t) => t.tx_ref),
            paidTo: paidAccount(await bankName(row.bank_code), row.settlement_account),
          });
        }
        const totalPages = answer.meta?.page_info?.total_pages ?? 1;
        if (page >= totalPages || answer.data.length === 0) break;
      }
      return settlements;
    },
  };

  /** The numeric id Flutterwave's update endpoint takes, found by the RS_ code in its paginated list. */
  async function subaccountId(code: string): Promise<string> {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await call.page(z.array(subaccountSchema), pageInfoSchema, `/v3/subaccounts?page=${page}`);
      const found = answer.data.find((row) => row.subaccount_id === code);
      if (found) return found.id;
      const totalPages = answer.meta?.page_info?.total_pages ?? 1;
      if (page >= totalPages || answer.data.length === 0) break;
    }
    throw new ProcessorError("Subaccount not found", "declined");
  }
}

const dataSchema = z.record(z.string(), z.unknown(), { error: "must be an object" });
const otherEventSchema = z.object({ id: processorId.optional(), tx_ref: reference.optional() });

// v3 sends `refund.completed` with the refund as the refund API describes it, in its webhook casing
// (id, AmountRefunded in naira, status, FlwRef, TransactionId = the charge's id); the API's snake_case
// names are accepted too. There is no tx_ref: the refund is found by its id.
const refundEventSchema = z.object({
  id: processorId,
  status: text(50).nullish(),
  AmountRefunded: naira.nullish(),
  amount_refunded: naira.nullish(),
  comments: message.nullish(),
});
const REFUND_STATUSES: Record<string, RefundUpdate["status"]> = { completed: "processed", successful: "processed", failed: "failed" };

/**
 * A static account's tx_ref is our customer's id (a UUID), which no reference of ours looks like
 * (lib/payments/reference.ts): a bank transfer with one came into a virtual account, not a checkout.
 */
const CUSTOMER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who sent a bank transfer: Flutterwave's bank-transfer charge.completed ("event.type":
 * "BANK_TRANSFER_TRANSACTION") carries it in a top-level `meta_data`, verify in data.meta:
 * originatorname, bankname, originatoraccountnumber (masked), originatoramount; data.narration is the
 * transfer's. Read leniently: an odd field is only unknown.
 */
const originatorSchema = z
  .object({ originatorname: label(200), bankname: label(200) })
  .nullish()
  .catch(null);
const transferDataSchema = z.object({ narration: label(500), meta: originatorSchema });
/** A verify answer: a transfer's sender comes in data.meta (a checkout's meta is ours, read as no sender). */
const verifySchema = chargeSchema.extend(transferDataSchema.shape);

function staticAccountInbound(txRef: string, originator: z.output<typeof originatorSchema>, narration: string | null): InboundTransfer {
  return {
    accountNumber: null,
    accountReference: txRef,
    customerCode: null,
    senderName: originator?.originatorname ?? null,
    senderBank: originator?.bankname ?? null,
    narration,
  };
}

/**
 * A transfer into a static virtual account (charge.completed, payment_type bank_transfer): its tx_ref
 * names the account (our customer's id), its flw_ref is the transfer's own reference (verify answers
 * it by id). The event names no receiving account number.
 */
function staticAccountTransfer(
  event: string,
  data: Record<string, unknown>,
  metaData: unknown,
  parsed: z.output<typeof chargeSchema>,
  hints: MalformedHints,
): WebhookEvent {
  if (!parsed.flw_ref) throw new MalformedWebhookError("data.flw_ref: is required for a transfer into a virtual account", hints);
  const reference = parsed.flw_ref;
  const charge = { ...toCharge(parsed), reference };
  const extra = transferDataSchema.parse(data);
  const transfer = staticAccountInbound(parsed.tx_ref, originatorSchema.parse(metaData) ?? extra.meta, extra.narration);
  // Only money received is a transfer; anything else is only stored.
  const kind = charge.status === "success" ? "transfer" : "other";
  return { externalId: `${event}:${charge.processorTransactionId}`, type: event, kind, reference, charge, transfer };
}

/** Parsed with schemas at the boundary: any malformed field we read is a MalformedWebhookError (400). */
function parseFlutterwaveWebhook(rawBody: string): WebhookEvent {
  const body = parseJsonBody(rawBody);
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  // v3 names the event in `event`; older payloads use `event.type` (a literal key) or `eventType`.
  const named = [fields.event, fields["event.type"], fields.eventType].find((value) => value !== undefined && value !== null && value !== "");
  const hints = hintsFrom(named, (fields.data as { tx_ref?: unknown } | undefined)?.tx_ref);
  const event = parseOrMalformed(text(100).min(1), named, hints, "event");
  const data = parseOrMalformed(dataSchema, fields.data, hints, "data");

  if (/^refund\./i.test(event)) {
    const refund = parseOrMalformed(refundEventSchema, data, hints, "data");
    // refund.completed without a status means what it says.
    const status = lookup(REFUND_STATUSES, (refund.status ?? (event === "refund.completed" ? "completed" : "")).toLowerCase()) ?? "pending";
    return {
      externalId: `${event}:${refund.id}`,
      type: event,
      kind: "refund",
      reference: null,
      charge: null,
      refund: {
        status,
        processorRefundId: refund.id,
        reference: null,
        amount: refund.AmountRefunded ?? refund.amount_refunded ?? null,
        message: status === "failed" ? (refund.comments ?? null) : null,
      },
    };
  }
  // Transfers also complete "successful"ly: only charge events (CARD_TRANSACTION etc. in old naming) settle payments.
  const isCharge = event === "charge.completed" || /_TRANSACTION$/i.test(event);
  if (!isCharge) {
    const other = parseOrMalformed(otherEventSchema, data, hints, "data");
    const key = other.id ?? other.tx_ref;
    if (!key) throw new MalformedWebhookError("data: has no id or tx_ref", hints);
    return { externalId: `${event}:${key}`, type: event, kind: "other", reference: other.tx_ref ?? null, charge: null };
  }
  const parsed = parseOrMalformed(chargeSchema, data, hints, "data");
  const charge = toCharge(parsed);
  if (charge.paymentMethod === "BANK_TRANSFER" && CUSTOMER_ID.test(parsed.tx_ref)) return staticAccountTransfer(event, data, fields.meta_data, parsed, hints);
  const kind = charge.status === "success" ? "charge.success" : charge.status === "failed" ? "charge.failed" : "other";
  return { externalId: `${event}:${charge.processorTransactionId}`, type: event, kind, reference: charge.reference, charge };
}

/** Flutterwave in the registry: keyed per mode (index.ts has checked this mode's key), plus the webhook hash. */
export const flutterwave = processorDescriptor("flutterwave", ({ secretKey, baseUrl, timeoutMs, backgroundGate, setting }) =>
  createFlutterwaveAdapter({ secretKey: secretKey!, secretHash: setting("FLUTTERWAVE_SECRET_HASH"), baseUrl: baseUrl!, timeoutMs, backgroundGate }),
);
