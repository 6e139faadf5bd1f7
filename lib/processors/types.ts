// One interface for every payment processor. Amounts are always kobo (bigint) on this side;
// adapters convert at their boundary (Flutterwave speaks naira).
import type { Environment } from "@/lib/db/generated/enums";
import type { Channel } from "@/lib/payments/channels";
import { catalogEntry, type CatalogEntry, type ProcessorName } from "./catalog";
import type { Gate } from "./http";

export type { ProcessorName } from "./catalog";

export type InitializeInput = {
  reference: string;
  amount: bigint;
  currency: string;
  email: string;
  customerName?: string | null;
  callbackUrl: string;
  channel?: Channel | null;
  metadata?: Record<string, unknown> | null;
  /** Live payments (and sandbox test payments) are split: the merchant's subaccount is settled the rest. */
  split?: Split | null;
};

/**
 * The merchant's share goes to its subaccount; the platform keeps `platformFee` (kobo). The
 * subaccount bears the processor's own fee (Paystack `bearer: "subaccount"`).
 */
export type Split = { subaccountCode: string; platformFee: bigint };

export type InitializeResult = {
  authorizationUrl: string;
  accessCode: string;
  /** The processor's own id for the charge, when it gives one at initialization. */
  processorReference?: string | null;
};

/** success: money received. failed: declined/errored. abandoned: customer never finished. pending: still open. */
export type ChargeStatus = "success" | "failed" | "abandoned" | "pending";

export type ChargeDetails = {
  reference: string;
  status: ChargeStatus;
  amount: bigint;
  currency: string;
  fee: bigint;
  /** Upper-case payment method, e.g. CARD, BANK_TRANSFER, USSD. */
  paymentMethod: string | null;
  paidAt: Date | null;
  /** The processor's id for this charge (Flutterwave needs it to verify and refund). */
  processorTransactionId: string | null;
  /** The processor's words on a failure, e.g. "Insufficient funds". */
  message: string | null;
  /** The card used, when the processor can charge it again without the customer (subscriptions). */
  savedCard?: SavedCard | null;
  /**
   * verify()'s own record of a transfer into a virtual account, where the webhook is not signed over
   * its body (Flutterwave): the caller checks the event's account against it before crediting anyone.
   */
  transfer?: InboundTransfer | null;
  /**
   * A failed charge of a saved card that cannot succeed if retried (expired card, an authorization
   * no longer reusable): the customer must act. Absent or true: worth retrying (insufficient funds…).
   */
  retryable?: boolean;
};

/** A card the processor lets us charge again (Paystack's authorization, Flutterwave's token, the sandbox's). */
export type SavedCard = {
  /** The secret that charges it (authorization_code, token): sealed at rest, never answered or logged. */
  authorization: string;
  /** Whether the processor says it may be charged again (Paystack's `reusable`). */
  reusable: boolean;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
};

/** A charge of a saved card with no customer present (a renewal). */
export type SavedCardChargeInput = {
  reference: string;
  amount: bigint;
  currency: string;
  email: string;
  authorization: string;
  metadata?: Record<string, unknown> | null;
  split?: Split | null;
  /** "Now" for the sandbox's card expiry (the dev clock, POST /api/dev/subscriptions/renew); real processors ignore it. */
  asOf?: Date | null;
};

export type WebhookEvent = {
  /** Deduplication key: the processor's event or charge id, unique per processor. */
  externalId: string;
  /** The event type as the processor named it, e.g. charge.success. */
  type: string;
  kind: "charge.success" | "charge.failed" | "refund" | "transfer" | "other";
  reference: string | null;
  charge: ChargeDetails | null;
  /** Set for kind "refund". */
  refund?: RefundUpdate | null;
  /**
   * Set for kind "transfer": money that arrived by bank transfer to a virtual account, with no
   * initiation of ours behind it (Paystack charge.success with channel dedicated_nuban, Flutterwave
   * charge.completed with payment_type bank_transfer). `charge` carries its amount, fee and the
   * processor's reference and id (verify answers it by those); `reference` is that reference too.
   */
  transfer?: InboundTransfer | null;
};

/** What a processor says about a transfer into a virtual account. */
export type InboundTransfer = {
  /** The receiving account: the customer's virtual account number, when the event names it. */
  accountNumber: string | null;
  /**
   * The processor's reference for the receiving account, when the event names the account that way
   * (Flutterwave's static accounts: the tx_ref given at creation, which is our customer's id).
   */
  accountReference: string | null;
  /** The processor's customer the account belongs to, when it names one (Paystack's customer_code). */
  customerCode: string | null;
  /** Who sent it and from which bank, when the processor says. */
  senderName: string | null;
  senderBank: string | null;
  narration: string | null;
};

/** A bank account number of one customer's own (Paystack Dedicated Virtual Account, Flutterwave static virtual account). */
export type VirtualAccountInput = {
  /** Our customer's id: the processor's reference for the account (Flutterwave's tx_ref), stable so a retry finds it. */
  customerId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone?: string | null;
  /** The customer's Bank Verification Number, where the processor requires it for a permanent account (Flutterwave). */
  bvn?: string | null;
  /** What the account is for, shown by some banks to the sender (Flutterwave's narration): the merchant's business name. */
  narration: string;
  /** The merchant's subaccount: transfers into the account settle to it, like card payments (Paystack's `subaccount`). */
  subaccountCode?: string | null;
};

export type VirtualAccountDetails = {
  bankName: string;
  accountNumber: string;
  accountName: string;
  /** The processor's id for the account (Paystack's dedicated account id, Flutterwave's order_ref). */
  externalId: string | null;
  /** The processor's customer, where it keeps one (Paystack's customer_code). */
  customerCode: string | null;
};

/** What a processor's refund event says about one refund, normalized. */
export type RefundUpdate = {
  /** pending: still under way (no change for us); processed: the money went back; failed: it did not. */
  status: "pending" | "processed" | "failed";
  /** The processor's refund id (RefundResult.refundId), when the event carries it. */
  processorRefundId: string | null;
  /** Our transaction reference, when the event names it (Paystack's transaction_reference). */
  reference: string | null;
  /** Kobo, when the event says. */
  amount: bigint | null;
  /** The processor's words on a failure. */
  message: string | null;
};

export type RefundResult = { refundId: string; status: "pending" | "processed" };

export type Bank = { code: string; name: string };
export type ResolvedAccount = { accountNumber: string; accountName: string };
export type SubaccountInput = {
  businessName: string;
  bankCode: string;
  accountNumber: string;
  email?: string | null;
  phone?: string | null;
  /** Update this subaccount instead of creating one. */
  existingCode?: string | null;
};

/** The bank account a subaccount settles to, as the processor holds it (Paystack names the bank, not its code). */
export type SubaccountBankAccount = { bankCode: string | null; bankName: string | null; accountNumber: string };

export type SettlementStatus = "pending" | "processing" | "paid" | "failed";

/** One payout the processor made (or is making) to a subaccount's bank account. */
export type Settlement = {
  externalId: string;
  status: SettlementStatus;
  /** What reached (or will reach) the bank account. */
  amount: bigint;
  fees: bigint;
  /** The payments it covers, before fees. */
  grossAmount: bigint;
  currency: string;
  settledAt: Date | null;
  /** Our references of the payments it paid out. */
  transactionReferences: string[];
  /** The bank account the processor says it paid (each part null when it does not say). */
  paidTo: PaidAccount;
};

/** A bank account as a processor names it on a settlement: never our own record of it. */
export type PaidAccount = { bankName: string | null; accountNumberLast4: string | null };

export interface ProcessorAdapter {
  readonly name: ProcessorName;
  /**
   * True when the webhook's authentication does not cover the body (Flutterwave's static hash):
   * the charge must then be confirmed with verify() before it completes anything.
   */
  readonly confirmWebhooksByVerify: boolean;
  initialize(input: InitializeInput): Promise<InitializeResult>;
  /** The processor's current view of a charge. */
  verify(reference: string, processorTransactionId?: string | null): Promise<ChargeDetails>;
  /** Checks the webhook's signature over the exact raw bytes received, in constant time. */
  authenticateWebhook(headers: Headers, rawBody: string): boolean;
  /** Normalizes an authenticated webhook body; throws ProcessorError when it is not understood. */
  parseWebhook(rawBody: string): WebhookEvent;
  refund(input: { reference: string; processorTransactionId?: string | null; amount: bigint }): Promise<RefundResult>;
  /**
   * Charges a saved card (Paystack POST /transaction/charge_authorization, Flutterwave POST
   * /v3/tokenized-charges, the sandbox) and answers the charge as verify() would: a decline is a
   * ChargeDetails with status "failed" (and `retryable: false` when retrying cannot help), not an
   * error; ProcessorError only when the processor could not be asked or answered nonsense.
   */
  chargeSavedCard(input: SavedCardChargeInput): Promise<ChargeDetails>;
  /**
   * Issues the customer a permanent account number of their own (Paystack: POST /customer, then POST
   * /dedicated_account; Flutterwave: POST /v3/virtual-account-numbers with is_permanent; the sandbox:
   * offline). Transfers into it arrive as webhooks of kind "transfer".
   */
  createVirtualAccount(input: VirtualAccountInput): Promise<VirtualAccountDetails>;
  /** Nigerian banks that can receive settlements. */
  listBanks(): Promise<Bank[]>;
  /** The account's name at its bank; ProcessorError("declined") when it cannot be resolved. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<ResolvedAccount>;
  /** Creates (or updates, with existingCode) the merchant's subaccount; answers its code. */
  saveSubaccount(input: SubaccountInput): Promise<{ code: string }>;
  /** The bank account the subaccount settles to now, as the processor holds it (the daily check compares it with ours). */
  getSubaccount(code: string): Promise<SubaccountBankAccount>;
  /**
   * Settlements to a subaccount since `from`, each with the references it paid. `asOf` is "now"
   * for the sandbox's simulated schedule (real processors ignore it).
   */
  listSettlements(subaccountCode: string, options: { from: Date; asOf?: Date }): Promise<Settlement[]>;
}

/** What a processor's factory is given for one mode; lib/processors/index.ts checks the key is there first. */
export type AdapterOptions = {
  mode: Environment;
  /** This mode's secret key; null for a processor that takes none (the sandbox). */
  secretKey: string | null;
  /** The API's base URL (`<PREFIX>_BASE_URL`); null for a processor without one. */
  baseUrl: string | null;
  timeoutMs: number;
  /** Paces background reads (settlements) per processor and mode; checkout calls are not paced. */
  backgroundGate: Gate;
  /** One of its catalog `settings`; throws ProcessorError naming it when it is not set. */
  setting(name: string): string;
};

/**
 * One processor, whole: its catalog entry (names, settings, webhook headers, pricing) and the factory
 * of its adapter, whose authenticateWebhook checks its webhooks with that mode's credentials.
 */
export type ProcessorDescriptor<N extends ProcessorName = ProcessorName> = CatalogEntry & {
  name: N;
  createAdapter(options: AdapterOptions): ProcessorAdapter;
};

/** The descriptor an adapter file exports: the catalog's entry for `name` with the factory of its adapter. */
export function processorDescriptor<N extends ProcessorName>(name: N, createAdapter: (options: AdapterOptions) => ProcessorAdapter): ProcessorDescriptor<N> {
  return { ...catalogEntry(name), createAdapter };
}

/** Anything that went wrong talking to a processor: its message is safe to show after our prefix. */
export class ProcessorError extends Error {
  constructor(
    message: string,
    readonly kind: "declined" | "unavailable" | "timeout" | "invalid_response" = "unavailable",
    /** Set on a 429: how long the processor asked us to wait (Retry-After), or a default. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "ProcessorError";
  }
}
