// Paystack's real API (https://paystack.com/docs/api). Paystack speaks kobo, like us, and signs each
// webhook with HMAC-SHA512 of the exact raw body keyed with the secret key.
import { createHmac } from "node:crypto";
import { z } from "@/lib/zod";
import { envelopeClient, invalidResponse, safeCompare, type Gate } from "./http";
import { currency, hintsFrom, kobo, MalformedWebhookError, message, parseJsonBody, parseOrMalformed, processorId, reference, text, timestamp } from "./fields";
import { cardBrand, cardLast4, cardMonth, cardYear, label, lookup, nuban, paidAccount, refundAnswer, resolvedAccount } from "./fields";
import { chargeOrAnswerRefusal, isHardDecline } from "./declines";
import { processorDescriptor } from "./types";
import type {
  Bank,
  ChargeDetails,
  ChargeStatus,
  InboundTransfer,
  ProcessorAdapter,
  RefundUpdate,
  SavedCard,
  Settlement,
  SettlementStatus,
  WebhookEvent,
} from "./types";
import type { Channel } from "@/lib/payments/channels";
import type { Environment } from "@/lib/db/generated/enums";

export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";

type PaystackOptions = {
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
  /** Paces the settlement reads (the payout job); checkout calls go straight through. */
  backgroundGate?: Gate;
  /** Which bank issues virtual accounts; without it, the key's prefix says (sk_live_ or sk_test_). */
  mode?: Environment;
};

const CHANNELS: Record<Channel, string> = { card: "card", bank_transfer: "bank_transfer", ussd: "ussd" };
/** A transfer into a Dedicated Virtual Account is a bank transfer like a checkout's. */
const METHODS: Record<string, string> = { dedicated_nuban: "BANK_TRANSFER" };
/**
 * Dedicated Virtual Accounts' bank (preferred_bank, a provider slug): test keys only have Paystack's
 * test bank; live ones Wema Bank or Titan (https://paystack.com/docs/payments/dedicated-virtual-accounts/).
 */
const PREFERRED_BANK: Record<Environment, string> = { test: "test-bank", live: "wema-bank" };

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

/**
 * The card or account a charge used (https://paystack.com/docs/payments/recurring-charges): read
 * leniently, so an odd field is only a card we cannot save, never a refused webhook or verify answer.
 */
const authorizationSchema = z
  .object({
    authorization_code: text(200).min(1),
    last4: cardLast4.nullish().catch(null),
    exp_month: cardMonth.nullish().catch(null),
    exp_year: cardYear.nullish().catch(null),
    channel: text(50).nullish().catch(null),
    card_type: text(100).nullish().catch(null),
    brand: text(50).nullish().catch(null),
    reusable: z.boolean().nullish().catch(null),
  })
  .nullish()
  .catch(null);

/** A charge as Paystack describes it (verify answers, webhooks; the sandbox's events use it too). */
export const chargeSchema = z.object({
  id: processorId,
  reference,
  status: text(50),
  amount: kobo,
  currency,
  fees: kobo.nullish(),
  channel: text(50).nullish(),
  paid_at: timestamp.nullish(),
  /** Charge Authorization answers this instead of paid_at. */
  transaction_date: timestamp.nullish().catch(null),
  gateway_response: message.nullish(),
  authorization: authorizationSchema,
});

const initializeSchema = z.object({ authorization_url: z.url({ protocol: /^https?$/ }), access_code: z.string().min(1) });

// Banks, account resolution, subaccounts and settlements (https://paystack.com/docs/api/miscellaneous,
// /verification, /subaccount, /settlement).
const bankSchema = z.object({ name: text(200).min(1), code: text(20).min(1), active: z.boolean().nullish(), is_deleted: z.boolean().nullish() });
const cursorMetaSchema = z.object({ next: z.string().nullish() }).nullish();
const pageMetaSchema = z.object({ page: z.coerce.number().int().nullish(), pageCount: z.coerce.number().int().nullish() }).nullish();
const subaccountSchema = z.object({ subaccount_code: text(100).min(1) });
/** Fetch Subaccount names the bank (settlement_bank), not its code. */
const subaccountDetailSchema = z.object({ settlement_bank: text(200).min(1), account_number: text(20).min(1) });
const settlementSchema = z.object({
  id: processorId,
  status: text(50),
  currency: currency.nullish(),
  /** What was paid to the bank account. */
  total_amount: kobo,
  total_fees: kobo.nullish(),
  /** The payments it covers, before fees. */
  total_processed: kobo.nullish(),
  settlement_date: timestamp.nullish(),
  /**
   * The subaccount it paid, with the bank (`settlement_bank`, its name) and account number Paystack
   * sent the money to. Anything else there (absent, an id only, odd fields) means Paystack did not say.
   */
  subaccount: z
    .object({ settlement_bank: text(200).nullish(), account_number: z.union([text(30), z.number()]).nullish() })
    .nullish()
    .catch(null),
});
const settlementTransactionSchema = z.object({ reference });

// Dedicated Virtual Accounts: Create Customer (https://paystack.com/docs/api/customer/#create), then Create
// Dedicated Virtual Account (https://paystack.com/docs/api/dedicated-virtual-account/#create), which answers
// the account with its bank {name, id, slug}, account_name, account_number, id and customer {customer_code}.
const customerSchema = z.object({ customer_code: text(100).min(1) });
const dedicatedAccountSchema = z.object({
  id: processorId,
  account_name: text(200).min(1),
  account_number: nuban,
  bank: z.object({ name: text(200).min(1) }),
  customer: z.object({ customer_code: text(100).min(1) }).nullish(),
});

const SETTLEMENT_STATUSES: Record<string, SettlementStatus> = {
  success: "paid",
  processed: "paid",
  processing: "processing",
  pending: "pending",
  failed: "failed",
};
/** Pages followed at most, so a processor answering "more" for ever cannot keep a job busy. */
const MAX_PAGES = 50;

/** A Paystack-shaped charge as ours (the sandbox's events are Paystack-shaped too). */
export function toPaystackCharge(data: z.output<typeof chargeSchema>): ChargeDetails {
  const status = lookup(STATUSES, data.status) ?? "pending";
  const savedCard = paystackSavedCard(data.authorization);
  return {
    reference: data.reference,
    status,
    amount: data.amount,
    currency: data.currency,
    fee: data.fees ?? 0n,
    paymentMethod: data.channel ? (lookup(METHODS, data.channel) ?? data.channel.toUpperCase()) : null,
    paidAt: data.paid_at ?? (status === "success" ? (data.transaction_date ?? null) : null),
    processorTransactionId: data.id,
    message: data.gateway_response ?? null,
    ...(savedCard ? { savedCard } : {}),
    ...(status === "failed" && isHardDecline(data.gateway_response) ? { retryable: false } : {}),
  };
}

/** Only a card's authorization charges again without the customer (a bank or USSD one does not). */
function paystackSavedCard(authorization: z.output<typeof authorizationSchema>): SavedCard | null {
  if (authorization?.channel !== "card") return null;
  return {
    authorization: authorization.authorization_code,
    reusable: authorization.reusable === true,
    // card_type reads like "visa DEBIT"; brand, when sent, is the brand alone.
    brand: cardBrand(authorization.brand ?? authorization.card_type),
    last4: authorization.last4 ?? null,
    expMonth: authorization.exp_month ?? null,
    expYear: authorization.exp_year ?? null,
  };
}

export function createPaystackAdapter(options: PaystackOptions): ProcessorAdapter {
  const call = envelopeClient({ ...options, ok: true, failed: false });
  const read = envelopeClient({ ...options, ok: true, failed: false, gate: options.backgroundGate });
  const mode: Environment = options.mode ?? (options.secretKey.startsWith("sk_live_") ? "live" : "test");

  async function verify(reference: string): Promise<ChargeDetails> {
    const data = await call(chargeSchema, "GET", `/transaction/verify/${encodeURIComponent(reference)}`);
    // Never let an answer about another charge settle this one.
    if (data.reference !== reference) throw invalidResponse();
    return toPaystackCharge(data);
  }

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
        // Split: the merchant's subaccount is settled the rest; the flat transaction_charge (the platform's
        // fee, kobo) overrides the subaccount's percentage_charge, and the subaccount bears Paystack's fee.
        ...(input.split ? { subaccount: input.split.subaccountCode, bearer: "subaccount", transaction_charge: Number(input.split.platformFee) } : {}),
      });
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code, processorReference: null };
    },

    verify: (reference) => verify(reference),

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
      return call(refundAnswer("processed"), "POST", "/refund", { transaction: reference, amount: String(amount) });
    },

    // POST /transaction/charge_authorization answers the charge at once (success or failed), like verify.
    // Paystack refuses a reference it has seen ("Duplicate Transaction Reference"): its record answers.
    chargeSavedCard(input) {
      return chargeOrAnswerRefusal(input, verify, async () => {
        const data = await call(chargeSchema, "POST", "/transaction/charge_authorization", {
          authorization_code: input.authorization,
          email: input.email,
          amount: Number(input.amount),
          currency: input.currency,
          reference: input.reference,
          ...(input.metadata ? { metadata: JSON.stringify(input.metadata) } : {}),
          // The same split as initialize's: the subaccount is settled the rest and bears Paystack's fee.
          ...(input.split ? { subaccount: input.split.subaccountCode, bearer: "subaccount", transaction_charge: Number(input.split.platformFee) } : {}),
        });
        const charge = toPaystackCharge(data);
        // A failed charge whose authorization Paystack no longer lets us reuse cannot succeed if retried.
        return charge.status === "failed" && charge.savedCard?.reusable === false ? { ...charge, retryable: false } : charge;
      });
    },

    async createVirtualAccount(input) {
      // The account is named after the customer: Paystack needs their names (and takes them again on
      // the account, for a customer it already had by that e-mail without them).
      const names = {
        ...(input.firstName ? { first_name: input.firstName } : {}),
        ...(input.lastName ? { last_name: input.lastName } : {}),
        ...(input.phone ? { phone: input.phone } : {}),
      };
      // Paystack keys customers by e-mail: one it already has (a retry, a past checkout) is answered again.
      const customer = await call(customerSchema, "POST", "/customer", { email: input.email, ...names });
      const data = await call(dedicatedAccountSchema, "POST", "/dedicated_account", {
        customer: customer.customer_code,
        preferred_bank: PREFERRED_BANK[mode],
        ...names,
        // Transfers into it settle to the merchant's subaccount, like its card payments.
        ...(input.subaccountCode ? { subaccount: input.subaccountCode } : {}),
      });
      // Never hand one customer an account Paystack says is another's.
      if (data.customer && data.customer.customer_code !== customer.customer_code) throw invalidResponse();
      return {
        bankName: data.bank.name,
        accountNumber: data.account_number,
        accountName: data.account_name,
        externalId: data.id,
        customerCode: customer.customer_code,
      };
    },

    async listBanks() {
      const banks: Bank[] = [];
      let next: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({ country: "nigeria", currency: "NGN", use_cursor: "true", perPage: "100" });
        if (next) query.set("next", next);
        const answer = await call.page(z.array(bankSchema), cursorMetaSchema, `/bank?${query}`);
        for (const bank of answer.data) if (bank.active !== false && bank.is_deleted !== true) banks.push({ code: bank.code, name: bank.name });
        next = answer.meta?.next || null;
        if (!next) break;
      }
      return banks;
    },

    async resolveAccount(bankCode, accountNumber) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      return call(resolvedAccount, "GET", `/bank/resolve?${query}`);
    },

    async saveSubaccount(input) {
      // The current reference names the bank's code `bank_code` (older docs and samples: settlement_bank).
      // percentage_charge is the MAIN account's share; each payment's flat transaction_charge overrides it.
      const body = {
        business_name: input.businessName,
        bank_code: input.bankCode,
        account_number: input.accountNumber,
        percentage_charge: 0,
        ...(input.email ? { primary_contact_email: input.email } : {}),
        ...(input.phone ? { primary_contact_phone: input.phone } : {}),
      };
      const data = input.existingCode
        ? await call(subaccountSchema, "PUT", `/subaccount/${encodeURIComponent(input.existingCode)}`, body)
        : await call(subaccountSchema, "POST", "/subaccount", body);
      return { code: data.subaccount_code };
    },

    async getSubaccount(code) {
      const data = await read(subaccountDetailSchema, "GET", `/subaccount/${encodeURIComponent(code)}`);
      return { bankCode: null, bankName: data.settlement_bank, accountNumber: data.account_number };
    },

    async listSettlements(subaccountCode, { from }) {
      const settlements: Settlement[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const query = new URLSearchParams({ subaccount: subaccountCode, from: from.toISOString(), perPage: "100", page: String(page) });
        const answer = await read.page(z.array(settlementSchema), pageMetaSchema, `/settlement?${query}`);
        for (const row of answer.data) {
          const references = await settlementReferences(row.id);
          const fees = row.total_fees ?? 0n;
          settlements.push({
            externalId: row.id,
            status: lookup(SETTLEMENT_STATUSES, row.status.toLowerCase()) ?? "pending",
            amount: row.total_amount,
            fees,
            grossAmount: row.total_processed ?? row.total_amount + fees,
            currency: row.currency ?? "NGN",
            settledAt: row.settlement_date ?? null,
            transactionReferences: references,
            paidTo: paidAccount(row.subaccount?.settlement_bank, row.subaccount?.account_number),
          });
        }
        const pageCount = answer.meta?.pageCount ?? 1;
        if (page >= pageCount || answer.data.length === 0) break;
      }
      return settlements;
    },
  };

  /** The references of the payments one settlement paid out (paginated like every list). */
  async function settlementReferences(settlementId: string): Promise<string[]> {
    const references: string[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query = new URLSearchParams({ perPage: "100", page: String(page) });
      const answer = await read.page(
        z.array(settlementTransactionSchema),
        pageMetaSchema,
        `/settlement/${encodeURIComponent(settlementId)}/transactions?${query}`,
      );
      references.push(...answer.data.map((t) => t.reference));
      const pageCount = answer.meta?.pageCount ?? 1;
      if (page >= pageCount || answer.data.length === 0) break;
    }
    return references;
  }
}

const envelopeSchema = z.object({ event: text(100).min(1), data: z.record(z.string(), z.unknown()) });
// Events that are neither charges nor refunds (transfers, disputes) are only stored: they need an id or a reference.
const otherEventSchema = z.object({ id: processorId.optional(), reference: reference.optional(), transaction_reference: reference.optional() });

// Refund events (https://paystack.com/docs/payments/refunds): the charge is named by transaction_reference;
// `id` (the refund's, as POST /refund answered it) is not always sent, and amount may be a string of kobo.
const REFUND_EVENTS: Record<string, RefundUpdate["status"]> = {
  "refund.pending": "pending",
  "refund.processing": "pending",
  "refund.needs-attention": "pending",
  "refund.processed": "processed",
  "refund.failed": "failed",
};
const refundEventSchema = z.object({
  id: processorId.nullish(),
  transaction_reference: reference,
  refund_reference: text(100).nullish(),
  amount: kobo.nullish(),
});

/**
 * What a dedicated_nuban charge.success adds (https://paystack.com/docs/payments/dedicated-virtual-accounts/):
 * data.authorization names the receiving account (receiver_bank_account_number) and the sender
 * (sender_name, sender_bank, narration), data.customer the account's customer_code, and data.metadata
 * repeats the account as receiver_account_number. Read leniently: an odd field is only unknown here,
 * and a transfer that names no account is for the caller to keep unmatched, never a refused webhook.
 */
const transferSchema = z.object({
  authorization: z
    .object({ receiver_bank_account_number: nuban.nullish().catch(null), sender_name: label(200), sender_bank: label(200), narration: label(500) })
    .nullish()
    .catch(null),
  customer: z
    .object({ customer_code: text(100).min(1).nullish().catch(null) })
    .nullish()
    .catch(null),
  metadata: z
    .object({ receiver_account_number: nuban.nullish().catch(null) })
    .nullish()
    .catch(null),
});

function inboundTransfer(data: unknown): InboundTransfer {
  const parsed = transferSchema.safeParse(data);
  const { authorization, customer, metadata } = parsed.success ? parsed.data : { authorization: null, customer: null, metadata: null };
  return {
    accountNumber: authorization?.receiver_bank_account_number ?? metadata?.receiver_account_number ?? null,
    accountReference: null,
    customerCode: customer?.customer_code ?? null,
    senderName: authorization?.sender_name ?? null,
    senderBank: authorization?.sender_bank ?? null,
    narration: authorization?.narration ?? null,
  };
}

/** Parsed with schemas at the boundary: any malformed field we read is a MalformedWebhookError (400). */
function parsePaystackWebhook(rawBody: string): WebhookEvent {
  const body = parseJsonBody(rawBody);
  const loose = typeof body === "object" && body !== null ? (body as { event?: unknown; data?: { reference?: unknown } }) : {};
  const hints = hintsFrom(loose.event, loose.data?.reference);
  const { event, data } = parseOrMalformed(envelopeSchema, body, hints);

  const kind = event === "charge.success" ? "charge.success" : event === "charge.failed" ? "charge.failed" : "other";
  if (kind !== "other") {
    const parsed = parseOrMalformed(chargeSchema, data, hints, "data");
    const charge = toPaystackCharge(parsed);
    const externalId = `${event}:${charge.processorTransactionId}`;
    // Money sent to a Dedicated Virtual Account: no initiation of ours, the account says whose it is.
    if (kind === "charge.success" && parsed.channel === "dedicated_nuban") {
      return { externalId, type: event, kind: "transfer", reference: charge.reference, charge, transfer: inboundTransfer(data) };
    }
    return { externalId, type: event, kind, reference: charge.reference, charge };
  }
  const refundStatus = lookup(REFUND_EVENTS, event);
  if (refundStatus) {
    const refund = parseOrMalformed(refundEventSchema, data, hintsFrom(event, data.transaction_reference), "data");
    // Without Paystack's id, a retried delivery still has the same reference, amount and bank reference.
    const key = refund.id ?? `${refund.transaction_reference}:${refund.amount ?? ""}:${refund.refund_reference ?? ""}`;
    return {
      externalId: `${event}:${key}`,
      type: event,
      kind: "refund",
      reference: refund.transaction_reference,
      charge: null,
      refund: {
        status: refundStatus,
        processorRefundId: refund.id ?? null,
        reference: refund.transaction_reference,
        amount: refund.amount ?? null,
        // Paystack's failure events give no reason of their own.
        message: null,
      },
    };
  }
  const other = parseOrMalformed(otherEventSchema, data, hints, "data");
  const ref = other.reference ?? other.transaction_reference ?? null;
  const key = other.id ?? ref;
  if (!key) throw new MalformedWebhookError("data: has no id or reference", hints);
  return { externalId: `${event}:${key}`, type: event, kind, reference: ref, charge: null };
}

/** Paystack in the registry: keyed per mode (index.ts has checked this mode's key and base URL are set). */
export const paystack = processorDescriptor("paystack", ({ mode, secretKey, baseUrl, timeoutMs, backgroundGate }) =>
  createPaystackAdapter({ mode, secretKey: secretKey!, baseUrl: baseUrl!, timeoutMs, backgroundGate }),
);
