// One interface for every payment processor. Amounts are always kobo (bigint) on this side;
// adapters convert at their boundary (Flutterwave speaks naira).

export type ProcessorName = "paystack" | "flutterwave" | "sandbox";
export type Channel = "card" | "bank_transfer" | "ussd";

export type InitializeInput = {
  reference: string;
  amount: bigint;
  currency: string;
  email: string;
  customerName?: string | null;
  callbackUrl: string;
  channel?: Channel | null;
  metadata?: Record<string, unknown> | null;
};

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
};

export type WebhookEvent = {
  /** Deduplication key: the processor's event or charge id, unique per processor. */
  externalId: string;
  /** The event type as the processor named it, e.g. charge.success. */
  type: string;
  kind: "charge.success" | "charge.failed" | "other";
  reference: string | null;
  charge: ChargeDetails | null;
};

export type RefundResult = { refundId: string; status: "pending" | "processed" };

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
}

/** Anything that went wrong talking to a processor: its message is safe to show after our prefix. */
export class ProcessorError extends Error {
  constructor(message: string, readonly kind: "declined" | "unavailable" | "timeout" | "invalid_response" = "unavailable") {
    super(message);
    this.name = "ProcessorError";
  }
}
