// The built-in test processor (like Stripe's test mode): a hosted checkout page where the customer
// picks an outcome with test cards, then a webhook signed with SANDBOX_WEBHOOK_SECRET, delivered to
// /api/transactions/webhooks/sandbox exactly like a real processor's. It keeps its own records
// (SandboxCharge), so verify() answers from the "processor's" side, not from our Transaction.
import { createHmac, randomInt } from "node:crypto";
import { z } from "@/lib/zod";
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { randomToken, safeEqual } from "@/lib/auth/tokens";
import { lagosDay, lagosDayStart } from "@/lib/lagos-time";
import { hintsFrom, paidAccount, parseJsonBody, parseOrMalformed, text } from "./fields";
import { chargeSchema, toPaystackCharge } from "./paystack";
import { processorFeeEstimate } from "./pricing";
import { settlementDay } from "@/lib/payouts/schedule";
import { isUniqueViolation } from "@/lib/api/errors";
import type { SandboxAuthorization } from "@/lib/db/generated/client";
import {
  ProcessorError,
  processorDescriptor,
  type Bank,
  type ChargeDetails,
  type ChargeStatus,
  type InboundTransfer,
  type ProcessorAdapter,
  type SavedCard,
  type Settlement,
  type VirtualAccountDetails,
  type VirtualAccountInput,
  type WebhookEvent,
} from "./types";

export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

/** How a saved test card answers when it is charged again without the customer (renewals). */
export type SandboxRenewal = "pays" | "declines" | "expires";

/**
 * Test cards, as shown on the checkout page. A card that pays is saved (an AUTH_sbx_ authorization),
 * and `renewal` says how charging it again goes: always paid; declined "Insufficient funds" (worth
 * retrying); or paid until it expires at the end of next month, then declined "Card expired" for good.
 */
export const SANDBOX_CARDS = {
  "4084084084084081": { status: "success", message: "Approved", renewal: "pays" },
  "4000000000000341": { status: "success", message: "Approved", renewal: "declines" },
  "4000000000000069": { status: "success", message: "Approved", renewal: "expires" },
  "4000000000000002": { status: "failed", message: "Card declined", renewal: null },
  "4000000000009995": { status: "failed", message: "Insufficient funds", renewal: null },
} as const satisfies Record<string, { status: ChargeStatus; message: string; renewal: SandboxRenewal | null }>;

export type SandboxCardNumber = keyof typeof SANDBOX_CARDS;

/** The test card a number names (spaces and dashes allowed), or null. */
export function sandboxCard(number: string): SandboxCardNumber | null {
  const digits = number.replace(/\D/g, "");
  return Object.hasOwn(SANDBOX_CARDS, digits) ? (digits as SandboxCardNumber) : null;
}

/** The Lagos calendar month an instant falls in (month 1 to 12). */
function lagosMonth(at: Date): { year: number; month: number } {
  const [year, month] = lagosDay(at).split("-").map(Number) as [number, number];
  return { year, month };
}

/** Years a card that does not expire soon stays valid, from when it is saved. */
const CARD_LIFE_YEARS = 4;

/** What a paying test card saves: its expiry is next month for the "expires" card, years away otherwise. */
export function sandboxAuthorizationFor(card: SandboxCardNumber, email: string, now = new Date()) {
  const { year, month } = lagosMonth(now);
  const expiry =
    SANDBOX_CARDS[card].renewal === "expires"
      ? { expMonth: (month % 12) + 1, expYear: month === 12 ? year + 1 : year }
      : { expMonth: month, expYear: year + CARD_LIFE_YEARS };
  return { code: `AUTH_sbx_${randomCode(12)}`, testCard: card, brand: "visa", last4: card.slice(-4), ...expiry, reusable: true, email };
}

type SavedCardOutcome = { status: "success" | "failed"; message: string; retryable: boolean | null };

/** How a charge of a saved card goes, on `asOf`'s Lagos day (a card is valid to the end of its expiry month). */
function savedCardOutcome(authorization: SandboxAuthorization | null, asOf: Date): SavedCardOutcome {
  if (!authorization) return { status: "failed", message: "Invalid authorization code", retryable: false };
  if (!authorization.reusable) return { status: "failed", message: "Authorization is not reusable", retryable: false };
  const { year, month } = lagosMonth(asOf);
  if (year * 12 + month > authorization.expYear * 12 + authorization.expMonth) return { status: "failed", message: "Card expired", retryable: false };
  const card = sandboxCard(authorization.testCard);
  if (card && SANDBOX_CARDS[card].renewal === "declines") return { status: "failed", message: "Insufficient funds", retryable: true };
  return { status: "success", message: "Approved", retryable: null };
}

/** Real Nigerian banks with their CBN codes (as Paystack lists them), so a settlement account looks real offline. */
export const SANDBOX_BANKS: readonly Bank[] = [
  { code: "044", name: "Access Bank" },
  { code: "023", name: "Citibank Nigeria" },
  { code: "050", name: "Ecobank Nigeria" },
  { code: "070", name: "Fidelity Bank" },
  { code: "011", name: "First Bank of Nigeria" },
  { code: "214", name: "First City Monument Bank" },
  { code: "058", name: "Guaranty Trust Bank" },
  { code: "301", name: "Jaiz Bank" },
  { code: "082", name: "Keystone Bank" },
  { code: "50211", name: "Kuda Bank" },
  { code: "50515", name: "Moniepoint MFB" },
  { code: "999992", name: "OPay Digital Services Limited (OPay)" },
  { code: "999991", name: "PalmPay" },
  { code: "076", name: "Polaris Bank" },
  { code: "101", name: "Providus Bank" },
  { code: "221", name: "Stanbic IBTC Bank" },
  { code: "068", name: "Standard Chartered Bank" },
  { code: "232", name: "Sterling Bank" },
  { code: "032", name: "Union Bank of Nigeria" },
  { code: "033", name: "United Bank For Africa" },
  { code: "215", name: "Unity Bank" },
  { code: "035", name: "Wema Bank" },
  { code: "057", name: "Zenith Bank" },
];

/** Test account numbers (any sandbox bank): this one resolves to SANDBOX_ACCOUNT_NAME… */
export const SANDBOX_RESOLVABLE_ACCOUNT = "0123456789";
export const SANDBOX_ACCOUNT_NAME = "ADAEZE OKAFOR";
/** …and this one cannot be resolved, like a mistyped NUBAN. Every other number fails the same way. */
export const SANDBOX_UNRESOLVABLE_ACCOUNT = "0000000000";

function resolveSandboxAccount(bankCode: string, accountNumber: string) {
  if (!SANDBOX_BANKS.some((bank) => bank.code === bankCode)) throw new ProcessorError("Unknown bank code", "declined");
  if (accountNumber !== SANDBOX_RESOLVABLE_ACCOUNT) throw new ProcessorError("Could not resolve account name", "declined");
  return { accountNumber, accountName: SANDBOX_ACCOUNT_NAME };
}

/** Settlements reach the bank at 09:00 Lagos time on their business day. */
const SETTLE_AT_MS = 9 * 60 * 60 * 1000;
/** How far before the look-back payments are read, so a settlement in it is read whole (long holiday weekends included). */
const SETTLEMENT_MARGIN_MS = 10 * 24 * 60 * 60 * 1000;

export function signSandboxPayload(rawBody: string, secret = sandboxSecret()): string {
  return createHmac("sha512", secret).update(rawBody).digest("hex");
}

function sandboxSecret(): string {
  const secret = config().SANDBOX_WEBHOOK_SECRET;
  if (!secret) throw new ProcessorError("SANDBOX_WEBHOOK_SECRET is not set");
  return secret;
}

type SandboxRow = {
  reference: string;
  status: string;
  amount: bigint;
  currency: string;
  channel: string | null;
  paidAt: Date | null;
  id: string;
  message: string | null;
  retryable?: boolean | null;
  authorization?: SandboxAuthorization | null;
};

export function sandboxChargeDetails(row: SandboxRow): ChargeDetails {
  const status = (["success", "failed", "abandoned", "pending"] as const).find((s) => s === row.status) ?? "pending";
  const card = row.channel === "card" ? row.authorization : null;
  return {
    reference: row.reference,
    status,
    amount: row.amount,
    currency: row.currency,
    // The sandbox charges like Paystack's local pricing, so test-mode totals look real.
    fee: status === "success" ? processorFeeEstimate("sandbox", row.amount) : 0n,
    paymentMethod: row.channel ? row.channel.toUpperCase() : null,
    paidAt: row.paidAt,
    processorTransactionId: row.id,
    message: row.message,
    ...(card ? { savedCard: savedCardOf(card) } : {}),
    ...(status === "failed" && row.retryable === false ? { retryable: false } : {}),
  };
}

function savedCardOf(authorization: SandboxAuthorization): SavedCard {
  const { code, reusable, brand, last4, expMonth, expYear } = authorization;
  return { authorization: code, reusable, brand, last4, expMonth, expYear };
}

/** The sandbox's record of a reference, with the card it used. */
const findCharge = (reference: string) => db.sandboxCharge.findUnique({ where: { reference }, include: { authorization: true } });

export function createSandboxAdapter(): ProcessorAdapter {
  return {
    name: "sandbox",
    confirmWebhooksByVerify: false,

    async initialize(input) {
      if (input.split && !(await db.sandboxSubaccount.findUnique({ where: { code: input.split.subaccountCode } }))) {
        throw new ProcessorError("Subaccount not found", "declined");
      }
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
          subaccountCode: input.split?.subaccountCode ?? null,
          platformFee: input.split?.platformFee ?? 0n,
        },
      });
      return { authorizationUrl: `${config().appUrl}/checkout/sandbox/${accessCode}`, accessCode, processorReference: null };
    },

    async verify(reference) {
      const row = await findCharge(reference);
      if (!row) throw new ProcessorError("Transaction reference not found", "declined");
      return sandboxChargeDetails(row);
    },

    authenticateWebhook(headers, rawBody) {
      const signature = headers.get(SANDBOX_SIGNATURE_HEADER);
      return Boolean(signature) && safeEqual(signature!, signSandboxPayload(rawBody));
    },

    parseWebhook(rawBody): WebhookEvent {
      return parseSandboxWebhook(rawBody);
    },

    async refund({ reference, amount }) {
      const row = await db.sandboxCharge.findUnique({ where: { reference } });
      if (!row || row.status !== "success") throw new ProcessorError("Transaction has not been paid", "declined");
      if (amount > row.amount) throw new ProcessorError("Refund amount is more than the charge", "declined");
      return { refundId: `sbx_rf_${randomToken(9)}`, status: "processed" };
    },

    /**
     * Like Paystack's charge_authorization: answered at once, no webhook; verify() answers it
     * afterwards. A reference already charged is answered as it stands, never charged twice.
     */
    async chargeSavedCard(input) {
      const existing = await findCharge(input.reference);
      if (existing) return sandboxChargeDetails(existing);
      if (input.split && !(await db.sandboxSubaccount.findUnique({ where: { code: input.split.subaccountCode } }))) {
        throw new ProcessorError("Subaccount not found", "declined");
      }
      const authorization = await db.sandboxAuthorization.findUnique({ where: { code: input.authorization } });
      const outcome = savedCardOutcome(authorization, input.asOf ?? new Date());
      try {
        const row = await db.sandboxCharge.create({
          data: {
            reference: input.reference,
            amount: input.amount,
            currency: input.currency,
            email: input.email,
            channel: "card",
            status: outcome.status,
            message: outcome.message,
            retryable: outcome.retryable,
            paidAt: outcome.status === "success" ? new Date() : null,
            authorizationCode: authorization?.code ?? null,
            subaccountCode: input.split?.subaccountCode ?? null,
            platformFee: input.split?.platformFee ?? 0n,
          },
          include: { authorization: true },
        });
        return sandboxChargeDetails(row);
      } catch (error) {
        if (!isUniqueViolation(error, "reference")) throw error;
        // A concurrent charge of this reference won: answer that one.
        return sandboxChargeDetails((await findCharge(input.reference))!);
      }
    },

    async createVirtualAccount(input) {
      if (input.subaccountCode && !(await db.sandboxSubaccount.findUnique({ where: { code: input.subaccountCode } }))) {
        throw new ProcessorError("Subaccount not found", "declined");
      }
      return createSandboxVirtualAccount(input);
    },

    async listBanks() {
      return SANDBOX_BANKS.map((bank) => ({ ...bank }));
    },

    async resolveAccount(bankCode, accountNumber) {
      return resolveSandboxAccount(bankCode, accountNumber);
    },

    async saveSubaccount(input) {
      // Like a real processor, the account must resolve before money can be sent to it.
      resolveSandboxAccount(input.bankCode, input.accountNumber);
      const data = { businessName: input.businessName, bankCode: input.bankCode, accountNumber: input.accountNumber };
      if (input.existingCode) {
        const updated = await db.sandboxSubaccount.updateMany({ where: { code: input.existingCode }, data });
        if (updated.count === 0) throw new ProcessorError("Subaccount not found", "declined");
        return { code: input.existingCode };
      }
      const code = `SBX_ACCT_${randomCode(8)}`;
      await db.sandboxSubaccount.create({ data: { code, ...data } });
      return { code };
    },

    async getSubaccount(code) {
      const row = await db.sandboxSubaccount.findUnique({ where: { code } });
      if (!row) throw new ProcessorError("Subaccount not found", "declined");
      return { bankCode: row.bankCode, bankName: SANDBOX_BANKS.find((bank) => bank.code === row.bankCode)?.name ?? null, accountNumber: row.accountNumber };
    },

    /**
     * Settlements on Paystack's schedule (lib/payouts/schedule.ts): the successful charges split to
     * this subaccount, grouped by the business day they settle on (T+1: Friday's to Sunday's on
     * Monday), each paid at 09:00 Lagos that day, once `asOf`'s Lagos day has reached it, less the
     * processor's fee and the platform's. A charge that carried no subaccount is never here: it was
     * settled to the platform. Groups are read whole, so one is the same settlement on every run.
     */
    async listSettlements(subaccountCode, { from, asOf = new Date() }) {
      const charges = await db.sandboxCharge.findMany({
        where: { subaccountCode, status: "success", paidAt: { gte: new Date(lagosDayStart(from).getTime() - SETTLEMENT_MARGIN_MS), lt: lagosDayStart(asOf) } },
        orderBy: [{ paidAt: "asc" }, { reference: "asc" }],
      });
      const [firstDay, today] = [lagosDay(from), lagosDay(asOf)];
      const bySettlementDay = new Map<string, typeof charges>();
      for (const charge of charges) {
        const day = settlementDay("sandbox", lagosDay(charge.paidAt!));
        if (day < firstDay || day > today) continue;
        bySettlementDay.set(day, [...(bySettlementDay.get(day) ?? []), charge]);
      }
      if (bySettlementDay.size === 0) return [];
      // The account the sandbox pays is its own subaccount record's (what a processor holds), not our settlement account.
      const subaccount = await db.sandboxSubaccount.findUnique({ where: { code: subaccountCode } });
      const paidTo = paidAccount(SANDBOX_BANKS.find((bank) => bank.code === subaccount?.bankCode)?.name, subaccount?.accountNumber);
      return [...bySettlementDay].map(([day, rows]): Settlement => {
        const grossAmount = rows.reduce((sum, row) => sum + row.amount, 0n);
        const fees = rows.reduce((sum, row) => sum + sandboxChargeDetails(row).fee + row.platformFee, 0n);
        return {
          // Named after its first payment's day, as when the sandbox settled every day.
          externalId: `sbx_stl_${subaccountCode}_${lagosDay(rows[0]!.paidAt!).replaceAll("-", "")}`,
          status: "paid",
          amount: grossAmount - fees,
          fees,
          grossAmount,
          currency: rows[0]!.currency,
          settledAt: new Date(lagosDayStart(new Date(`${day}T12:00:00Z`)).getTime() + SETTLE_AT_MS),
          transactionReferences: rows.map((row) => row.reference),
          paidTo,
        };
      });
    },
  };
}

const CODE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
function randomCode(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

// The sandbox's events are Paystack-shaped (sandbox-checkout.ts builds them); parsed with the same
// strictness as a real processor's, so a malformed field is a 400, never a 500.
const envelopeSchema = z.object({ event: text(100).min(1), data: z.record(z.string(), z.unknown(), { error: "must be an object" }) });

function parseSandboxWebhook(rawBody: string): WebhookEvent {
  const body = parseJsonBody(rawBody);
  const loose = typeof body === "object" && body !== null ? (body as { event?: unknown; data?: { reference?: unknown } }) : {};
  const hints = hintsFrom(loose.event, loose.data?.reference);
  const { event, data: raw } = parseOrMalformed(envelopeSchema, body, hints);
  const data = parseOrMalformed(chargeSchema, raw, hints, "data");
  const charge = toPaystackCharge(data);
  const externalId = `${event}:${data.id}`;
  // A transfer into a virtual account (POST /api/dev/transfers): Paystack's dedicated_nuban charge.success.
  if (event === "charge.success" && data.channel === TRANSFER_CHANNEL) {
    const transfer = parseOrMalformed(transferSchema, raw, hints, "data");
    return { externalId, type: event, kind: "transfer", reference: data.reference, charge, transfer: toInboundTransfer(transfer) };
  }
  const kind = event === "charge.success" ? "charge.success" : event === "charge.failed" ? "charge.failed" : "other";
  return { externalId, type: event, kind, reference: data.reference, charge };
}

/** The channel of a transfer into a virtual account, as Paystack names it. */
export const TRANSFER_CHANNEL = "dedicated_nuban";

// The transfer's own fields (Paystack puts them on the charge's authorization and customer); the
// sandbox's own small parse, so it does not depend on paystack.ts's.
const transferSchema = z.object({
  authorization: z
    .object({
      receiver_bank_account_number: text(20).nullish(),
      sender_name: text(200).nullish(),
      sender_bank: text(200).nullish(),
      narration: text(500).nullish(),
    })
    .nullish(),
  customer: z.object({ customer_code: text(100).nullish() }).nullish(),
});

function toInboundTransfer(data: z.output<typeof transferSchema>): InboundTransfer {
  return {
    accountNumber: data.authorization?.receiver_bank_account_number ?? null,
    accountReference: null,
    customerCode: data.customer?.customer_code ?? null,
    senderName: data.authorization?.sender_name ?? null,
    senderBank: data.authorization?.sender_bank ?? null,
    narration: data.authorization?.narration ?? null,
  };
}

/** The bank the sandbox's virtual accounts are at (Paystack's dedicated accounts are at Wema Bank too). */
export const SANDBOX_VIRTUAL_BANK = "Wema Bank";
const ACCOUNT_NAME_MAX = 100;

/**
 * A new 10-digit account number of the sandbox's own, stored in SandboxVirtualAccount. Numbers start
 * with 9 so they never collide with the settlement-account test numbers (0123456789, 0000000000).
 * Like Paystack, asking again makes another: one per customer is our side's rule (lib/transfers).
 */
async function createSandboxVirtualAccount(input: VirtualAccountInput): Promise<VirtualAccountDetails> {
  const holder = [input.firstName, input.lastName].filter(Boolean).join(" ") || input.email;
  const accountName = `${input.narration} / ${holder}`.slice(0, ACCOUNT_NAME_MAX);
  for (let attempt = 0; ; attempt++) {
    const accountNumber = `9${Array.from({ length: 9 }, () => randomInt(10)).join("")}`;
    try {
      await db.sandboxVirtualAccount.create({ data: { accountNumber, accountName, email: input.email } });
      return { bankName: SANDBOX_VIRTUAL_BANK, accountNumber, accountName, externalId: `sbx_dva_${accountNumber}`, customerCode: null };
    } catch (error) {
      if (!isUniqueViolation(error, "accountNumber") || attempt >= 5) throw error;
    }
  }
}

/** The sandbox in the registry: no keys; its webhook secret is read when it signs or checks. */
export const sandbox = processorDescriptor("sandbox", () => createSandboxAdapter());
