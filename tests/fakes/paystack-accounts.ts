// The fake Paystack's Dedicated Virtual Accounts (https://paystack.com/docs/payments/dedicated-virtual-accounts/):
// Create Customer (POST /customer), Create Dedicated Virtual Account (POST /dedicated_account), and
// the signed charge.success (channel dedicated_nuban) a transfer into one of those accounts produces.
import { randomBytes } from "node:crypto";
import type { Domain, FakeReply, RecordedRequest } from "./server";
import type { PaystackAuthorization, PaystackCharge } from "./paystack";

export type PaystackCustomer = {
  id: number;
  customer_code: string;
  domain: Domain;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
};

export type PaystackDedicatedAccount = {
  id: number;
  domain: Domain;
  customer_code: string;
  account_number: string;
  account_name: string;
  bank: { name: string; id: number; slug: string };
  /** The subaccount its transfers settle to. */
  subaccount: string | null;
  created_at: string;
};

/** A transfer someone makes into a virtual account; `amount` is kobo. */
export type TransferEventInput = {
  accountNumber: string;
  amount: bigint | number;
  senderName?: string;
  senderBank?: string;
  senderAccountNumber?: string;
  narration?: string;
};

/** A webhook as the processor would post it, plus the charge's reference and id (verify answers them). */
export type SignedTransferEvent = { body: string; headers: Record<string, string>; reference: string; id: string; data: Record<string, unknown> };

/** The providers Paystack offers by mode: test keys have only its test bank. */
const PROVIDERS: Record<Domain, Array<{ name: string; id: number; slug: string }>> = {
  test: [{ name: "Test Bank", id: 17, slug: "test-bank" }],
  live: [
    { name: "Wema Bank", id: 20, slug: "wema-bank" },
    { name: "Titan Paystack", id: 24, slug: "titan-paystack" },
  ],
};

type Context = {
  newId(): number;
  ok(message: string, data: unknown): FakeReply;
  fail(status: number, message: string): FakeReply;
  subaccountDomain(code: string): Domain | null;
  charges: Map<string, PaystackCharge>;
  /** Signs a webhook with the key of that domain. */
  webhook(domain: Domain, event: string, data: Record<string, unknown>): { body: string; headers: Record<string, string> };
  /** The `data` of a charge, as verify and webhooks answer it. */
  chargeData(charge: PaystackCharge): Record<string, unknown>;
};

export function paystackAccounts(ctx: Context) {
  const customers = new Map<string, PaystackCustomer>();
  const dedicatedAccounts = new Map<string, PaystackDedicatedAccount>();

  function customerData(c: PaystackCustomer): Record<string, unknown> {
    return {
      id: c.id,
      customer_code: c.customer_code,
      email: c.email,
      first_name: c.first_name,
      last_name: c.last_name,
      phone: c.phone,
      domain: c.domain,
      integration: 463433,
      identified: false,
      identifications: null,
      metadata: null,
      risk_action: "default",
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
  }

  function accountData(a: PaystackDedicatedAccount): Record<string, unknown> {
    const customer = customers.get(a.customer_code)!;
    return {
      bank: a.bank,
      account_name: a.account_name,
      account_number: a.account_number,
      assigned: true,
      currency: "NGN",
      metadata: null,
      active: true,
      id: a.id,
      created_at: a.created_at,
      updated_at: a.created_at,
      assignment: {
        integration: 463433,
        assignee_id: customer.id,
        assignee_type: "Customer",
        expired: false,
        account_type: "PAY-WITH-TRANSFER-RECURRING",
        assigned_at: a.created_at,
      },
      customer: {
        id: customer.id,
        first_name: customer.first_name,
        last_name: customer.last_name,
        email: customer.email,
        customer_code: customer.customer_code,
        phone: customer.phone,
        risk_action: "default",
      },
    };
  }

  /** Ten digits, random so that test files sharing a database do not meet the same one. */
  function newAccountNumber(): string {
    for (;;) {
      const number = `99${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, "0")}`;
      if (!dedicatedAccounts.has(number)) return number;
    }
  }

  /** Updates the names Paystack keeps for a customer with those given (both endpoints take them). */
  function applyNames(customer: PaystackCustomer, body: Record<string, any>): void {
    for (const field of ["first_name", "last_name", "phone"] as const) if (typeof body[field] === "string" && body[field]) customer[field] = body[field];
  }

  /** Serves the two endpoints; null for any other request. `refusal`, when set, is what Create Dedicated Account answers. */
  function handle(request: RecordedRequest, path: string, domain: Domain, refusal: string | null): FakeReply | null {
    const body = (request.body ?? {}) as Record<string, any>;
    if (request.method === "POST" && path === "/customer") {
      if (typeof body.email !== "string" || !body.email.includes("@")) return ctx.fail(400, "Invalid Email Address");
      // An e-mail Paystack already has answers that customer.
      const email = body.email.toLowerCase();
      const existing = [...customers.values()].find((c) => c.domain === domain && c.email === email);
      const customer = existing ?? {
        id: ctx.newId(),
        customer_code: `CUS_${randomBytes(8).toString("hex")}`,
        domain,
        email,
        first_name: null,
        last_name: null,
        phone: null,
      };
      applyNames(customer, body);
      customers.set(customer.customer_code, customer);
      return ctx.ok("Customer created", customerData(customer));
    }
    if (request.method !== "POST" || path !== "/dedicated_account") return null;
    if (refusal) return ctx.fail(400, refusal);
    const customer = [...customers.values()].find((c) => c.domain === domain && (c.customer_code === body.customer || String(c.id) === String(body.customer)));
    if (!customer) return ctx.fail(404, "Customer not found");
    const bank = PROVIDERS[domain].find((provider) => provider.slug === body.preferred_bank);
    if (!bank) return ctx.fail(400, `Preferred bank ${String(body.preferred_bank)} is not available`);
    if (body.subaccount !== undefined && ctx.subaccountDomain(String(body.subaccount)) !== domain) return ctx.fail(400, "Invalid Subaccount code");
    applyNames(customer, body);
    if (!customer.first_name || !customer.last_name) return ctx.fail(400, "Customer's first name and last name are required");
    // The fake answers the account a customer already has at that bank: a retry never makes a second.
    const held = [...dedicatedAccounts.values()].find((a) => a.customer_code === customer.customer_code && a.bank.slug === bank.slug);
    if (held) return ctx.ok("Assigned Managed Account Successfully Created", accountData(held));
    const account: PaystackDedicatedAccount = {
      id: ctx.newId(),
      domain,
      customer_code: customer.customer_code,
      account_number: newAccountNumber(),
      account_name: `PAYLINK / ${customer.first_name} ${customer.last_name}`.toUpperCase(),
      bank,
      subaccount: body.subaccount ?? null,
      created_at: new Date().toISOString(),
    };
    dedicatedAccounts.set(account.account_number, account);
    return ctx.ok("Assigned Managed Account Successfully Created", accountData(account));
  }

  /**
   * Someone transferred `amount` kobo into `accountNumber`: records the charge (verify answers it) and
   * answers Paystack's signed charge.success, channel dedicated_nuban, in the documented shape. An
   * account the fake never issued still gets an event (a test of an account nobody has).
   */
  function transferEvent(input: TransferEventInput): SignedTransferEvent {
    const account = dedicatedAccounts.get(input.accountNumber);
    const domain = account?.domain ?? "test";
    const customer = account ? customers.get(account.customer_code)! : null;
    const amount = Number(input.amount);
    const senderBank = input.senderBank ?? "Guaranty Trust Bank";
    const receiverBank = account?.bank.name ?? "Test Bank";
    const authorization: PaystackAuthorization = {
      ...transferAuthorization("dedicated_nuban", senderBank),
      sender_bank: senderBank,
      sender_bank_account_number: `XXXXXX${(input.senderAccountNumber ?? "0123454321").slice(-4)}`,
      sender_country: "NG",
      sender_name: input.senderName ?? "ADAEZE OKAFOR",
      narration: input.narration ?? `NIP: ${input.senderName ?? "ADAEZE OKAFOR"} -0123454321/${input.accountNumber}`,
      receiver_bank_account_number: input.accountNumber,
      receiver_bank: receiverBank,
    };
    const reference = `1000${Date.now()}${randomBytes(4).readUInt32BE(0)}`;
    const charge: PaystackCharge = {
      id: ctx.newId(),
      reference,
      access_code: "",
      amount,
      currency: "NGN",
      email: customer?.email ?? "unknown@example.com",
      callback_url: null,
      channels: null,
      metadata: { receiver_account_number: input.accountNumber, receiver_bank: receiverBank, custom_fields: [] },
      status: "success",
      // Dedicated accounts: 1%, at most ₦300.
      fees: Math.min(Math.round(amount * 0.01), 30_000),
      channel: "dedicated_nuban",
      paid_at: new Date().toISOString(),
      gateway_response: "Approved",
      domain,
      subaccount: account?.subaccount ?? null,
      bearer: null,
      transaction_charge: null,
      authorization,
      customer_code: customer?.customer_code ?? `CUS_${randomBytes(8).toString("hex")}`,
    };
    ctx.charges.set(reference, charge);
    const data = ctx.chargeData(charge);
    return { ...ctx.webhook(domain, "charge.success", data), reference, id: String(charge.id), data };
  }

  return { customers, dedicatedAccounts, handle, transferEvent };
}

/** A transfer's authorization as Paystack shows it: not a card, never reusable. */
export function transferAuthorization(channel: string, bank: string | null): PaystackAuthorization {
  return {
    authorization_code: `AUTH_${randomBytes(5).toString("hex")}`,
    bin: "008XXX",
    last4: "X553",
    exp_month: "12",
    exp_year: "9999",
    channel,
    card_type: "transfer",
    bank,
    country_code: "NG",
    brand: "Managed Account",
    reusable: false,
    signature: null,
    account_name: null,
  };
}
