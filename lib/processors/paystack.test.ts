// The Paystack adapter against a fake Paystack over real HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { paystackWebhook, type FakePaystack } from "@/tests/fakes/paystack";
import { createPaystackAdapter } from "./paystack";
import {
  chargeInput,
  closedProcessorUrl,
  expectOutagesAsProcessorErrors,
  itReportsInitializeFailures,
  lastRequestTo,
  processorError,
  savedCardInput,
  virtualAccountInput,
  withFakeProcessors,
} from "@/tests/helpers/fake-processors";
import { ProcessorError, type InitializeInput, type ProcessorAdapter, type SavedCardChargeInput } from "./types";

let fake: FakePaystack;
let paystack: ProcessorAdapter;
const SECRET = "sk_test_fake";

const fakes = withFakeProcessors({ timeoutMs: 300 });
beforeAll(() => {
  fake = fakes.paystack;
  paystack = createPaystackAdapter({ secretKey: SECRET, baseUrl: fake.baseUrl, timeoutMs: 300 });
});

const input = (overrides: Partial<InitializeInput> = {}) => chargeInput(500_000n, overrides);
const caught = processorError;

describe("paystack initialize", () => {
  it("sends the documented body with the Bearer key and answers the checkout", async () => {
    const charge = input();
    const result = await paystack.initialize(charge);
    const request = lastRequestTo(fake, "POST", "/transaction/initialize", SECRET);
    expect(request.body).toMatchObject({
      email: "ada@example.com",
      amount: "500000",
      currency: "NGN",
      reference: charge.reference,
      callback_url: "https://shop.example.com/done",
      channels: ["bank_transfer"],
    });
    expect(JSON.parse(request.body.metadata)).toEqual({ orderId: "A-1", customer_name: "Ada Obi" });
    const stored = fake.charges.get(charge.reference)!;
    expect(result).toEqual({
      authorizationUrl: `https://checkout.paystack.com/${stored.access_code}`,
      accessCode: stored.access_code,
      processorReference: null,
    });
  });

  it("omits channels when none is chosen", async () => {
    await paystack.initialize(input({ channel: null }));
    expect(fake.requests.at(-1)!.body).not.toHaveProperty("channels");
  });

  it("passes Paystack's own message on a 400, without the key", async () => {
    fake.mode = "error";
    const error = await caught(paystack.initialize(input()));
    expect(error).toMatchObject({ message: "Invalid key", kind: "declined" });
  });

  it("reports a wrong key as declined", async () => {
    const wrong = createPaystackAdapter({ secretKey: "sk_test_wrong", baseUrl: fake.baseUrl, timeoutMs: 1000 });
    const error = await caught(wrong.initialize(input()));
    expect(error.kind).toBe("declined");
    expect(error.message).not.toContain("sk_test_wrong");
  });

  itReportsInitializeFailures("Paystack", () => ({ adapter: paystack, fake }), input);

  it("times out a hanging Paystack within about the timeout", async () => {
    fake.mode = "hang";
    const started = Date.now();
    const error = await caught(paystack.initialize(input()));
    expect(error).toMatchObject({ kind: "timeout", message: "Processor request timed out after 0.3s" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("treats a non-JSON answer as an invalid response", async () => {
    fake.mode = "garbage";
    const error = await caught(paystack.initialize(input()));
    expect(error).toMatchObject({ kind: "invalid_response", message: "Invalid response from processor" });
  });

  it("reports an unreachable Paystack as unavailable", async () => {
    const gone = createPaystackAdapter({ secretKey: SECRET, baseUrl: await closedProcessorUrl(), timeoutMs: 1000 });
    expect((await caught(gone.initialize(input()))).kind).toBe("unavailable");
  });
});

describe("paystack verify", () => {
  it("maps a successful charge: kobo amount and fee, channel, paid time, id, message", async () => {
    const charge = input();
    await paystack.initialize(charge);
    const paid = fake.setOutcome(charge.reference, "success", { channel: "bank_transfer", fees: 17_500 });
    const details = await paystack.verify(charge.reference);
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/transaction/verify/${charge.reference}` });
    expect(details).toEqual({
      reference: charge.reference,
      status: "success",
      amount: 500_000n,
      currency: "NGN",
      fee: 17_500n,
      paymentMethod: "BANK_TRANSFER",
      paidAt: new Date(paid.paid_at!),
      processorTransactionId: String(paid.id),
      message: "Approved",
    });
  });

  it("maps failures, unfinished charges and reversals", async () => {
    const charge = input();
    await paystack.initialize(charge);
    // Paystack says "abandoned" for any unfinished charge: it may still be paid, so it stays pending.
    expect(await paystack.verify(charge.reference)).toMatchObject({ status: "pending", fee: 0n, paidAt: null, paymentMethod: null });
    fake.setOutcome(charge.reference, "failed", { gateway_response: "Insufficient Funds" });
    expect(await paystack.verify(charge.reference)).toMatchObject({ status: "failed", fee: 0n, message: "Insufficient Funds" });
    fake.setOutcome(charge.reference, "success", { status: "reversed" });
    expect((await paystack.verify(charge.reference)).status).toBe("failed");
    fake.setOutcome(charge.reference, "success", { status: "ongoing" });
    expect((await paystack.verify(charge.reference)).status).toBe("pending");
  });

  it("passes 'not found' through as declined", async () => {
    expect(await caught(paystack.verify("TXN-unknown"))).toMatchObject({ kind: "declined", message: "Transaction reference not found" });
  });
});

describe("paystack webhooks", () => {
  const data = {
    id: 42,
    reference: "TXN-1-abc",
    amount: 250_000,
    currency: "NGN",
    status: "success",
    fees: 3_750,
    channel: "card",
    paid_at: "2026-01-02T03:04:05.000Z",
    gateway_response: "Successful",
  };

  it("accepts Paystack's signature over the exact raw body", () => {
    const { body, headers } = paystackWebhook(SECRET, "charge.success", data);
    expect(paystack.authenticateWebhook(new Headers(headers), body)).toBe(true);
  });

  it("rejects a wrong key, a tampered body, a missing or malformed header", () => {
    const { body, headers } = paystackWebhook("sk_test_other", "charge.success", data);
    expect(paystack.authenticateWebhook(new Headers(headers), body)).toBe(false);
    const good = paystackWebhook(SECRET, "charge.success", data);
    expect(paystack.authenticateWebhook(new Headers(good.headers), good.body.replace("250000", "2500000"))).toBe(false);
    // Same JSON, different bytes: the signature covers bytes, not meaning.
    expect(paystack.authenticateWebhook(new Headers(good.headers), JSON.stringify(JSON.parse(good.body), null, 1))).toBe(false);
    expect(paystack.authenticateWebhook(new Headers(), good.body)).toBe(false);
    expect(paystack.authenticateWebhook(new Headers({ "x-paystack-signature": "abc" }), good.body)).toBe(false);
  });

  it("normalizes charge.success", () => {
    const event = paystack.parseWebhook(paystackWebhook(SECRET, "charge.success", data).body);
    expect(event).toEqual({
      externalId: "charge.success:42",
      type: "charge.success",
      kind: "charge.success",
      reference: "TXN-1-abc",
      charge: {
        reference: "TXN-1-abc",
        status: "success",
        amount: 250_000n,
        currency: "NGN",
        fee: 3_750n,
        paymentMethod: "CARD",
        paidAt: new Date("2026-01-02T03:04:05.000Z"),
        processorTransactionId: "42",
        message: "Successful",
      },
    });
  });

  it("normalizes charge.failed and other events", () => {
    const failed = paystack.parseWebhook(paystackWebhook(SECRET, "charge.failed", { ...data, status: "failed", fees: null, paid_at: null }).body);
    expect(failed).toMatchObject({ kind: "charge.failed", charge: { status: "failed", fee: 0n, paidAt: null } });
    const transfer = paystack.parseWebhook(paystackWebhook(SECRET, "transfer.success", { id: 77, reference: "TRF-1" }).body);
    expect(transfer).toEqual({ externalId: "transfer.success:77", type: "transfer.success", kind: "other", reference: "TRF-1", charge: null });
  });

  it("normalizes refund events in their documented shape (amount as a string, with or without the refund id)", () => {
    // As documented: no id, amount a string of kobo, the charge named by transaction_reference.
    const documented = {
      status: "processed",
      transaction_reference: "TXN-1-abc",
      refund_reference: "132013318360",
      amount: "5000",
      currency: "NGN",
      processor: "mpgs_zen",
      integration: 412829,
      domain: "test",
    };
    expect(paystack.parseWebhook(paystackWebhook(SECRET, "refund.processed", documented).body)).toEqual({
      externalId: "refund.processed:TXN-1-abc:5000:132013318360",
      type: "refund.processed",
      kind: "refund",
      reference: "TXN-1-abc",
      charge: null,
      refund: { status: "processed", processorRefundId: null, reference: "TXN-1-abc", amount: 5_000n, message: null },
    });
    const withId = paystack.parseWebhook(paystackWebhook(SECRET, "refund.failed", { ...documented, status: "failed", id: 98765, amount: 5000 }).body);
    expect(withId).toMatchObject({
      externalId: "refund.failed:98765",
      kind: "refund",
      refund: { status: "failed", processorRefundId: "98765", amount: 5_000n },
    });
    for (const event of ["refund.pending", "refund.processing", "refund.needs-attention"]) {
      expect(paystack.parseWebhook(paystackWebhook(SECRET, event, { ...documented, refund_reference: null }).body).refund?.status).toBe("pending");
    }
    expect(() => paystack.parseWebhook(paystackWebhook(SECRET, "refund.processed", { amount: "5000" }).body)).toThrow(/data.transaction_reference/);
    expect(() => paystack.parseWebhook(paystackWebhook(SECRET, "refund.processed", { ...documented, amount: "50.5" }).body)).toThrow(/data.amount/);
  });

  it("refuses bodies it does not understand", () => {
    for (const body of ["not json", "{}", JSON.stringify({ event: "charge.success" }), JSON.stringify({ event: "charge.success", data: { id: 1 } })]) {
      expect(() => paystack.parseWebhook(body)).toThrow(ProcessorError);
    }
  });
});

describe("paystack refund", () => {
  it("posts the reference and kobo amount", async () => {
    const charge = input();
    await paystack.initialize(charge);
    fake.setOutcome(charge.reference, "success");
    const result = await paystack.refund({ reference: charge.reference, amount: 200_000n });
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: "/refund", body: { transaction: charge.reference, amount: "200000" } });
    expect(result).toEqual({ refundId: String(fake.refunds.at(-1)!.id), status: "pending" });
  });

  it("passes a refusal through", async () => {
    const charge = input();
    await paystack.initialize(charge);
    expect(await caught(paystack.refund({ reference: charge.reference, amount: 1_000n }))).toMatchObject({
      kind: "declined",
      message: "Transaction has not been paid",
    });
  });
});

describe("paystack saved cards", () => {
  /** A card payment the fake marks paid: it saves a reusable authorization. */
  async function paidByCard() {
    const charge = input({ channel: "card" });
    await paystack.initialize(charge);
    const paid = fake.setOutcome(charge.reference, "success");
    return { reference: charge.reference, code: paid.authorization!.authorization_code };
  }

  const renewal = (authorization: string, overrides: Partial<SavedCardChargeInput> = {}) => savedCardInput(250_000n, authorization, overrides);

  it("maps a card's data.authorization on verify and in charge.success to savedCard", async () => {
    const { reference, code } = await paidByCard();
    const card = { authorization: code, reusable: true, brand: "visa", last4: "4081", expMonth: 12, expYear: 2030 };
    expect((await paystack.verify(reference)).savedCard).toEqual(card);
    const event = paystack.parseWebhook(paystackWebhook(SECRET, "charge.success", fake.webhookData(reference)).body);
    expect(event.charge?.savedCard).toEqual(card);
  });

  it("saves nothing for a transfer's authorization, an unpaid charge's {} or a missing one, and reads odd fields as unknown", async () => {
    const transfer = input();
    await paystack.initialize(transfer);
    fake.setOutcome(transfer.reference, "success", { channel: "bank_transfer" });
    expect(fake.charges.get(transfer.reference)!.authorization).toMatchObject({ channel: "bank_transfer", reusable: false });
    expect(await paystack.verify(transfer.reference)).not.toHaveProperty("savedCard");

    const open = input();
    await paystack.initialize(open);
    expect(fake.webhookData(open.reference).authorization).toEqual({});
    expect(await paystack.verify(open.reference)).not.toHaveProperty("savedCard");

    const data = { id: 7, reference: "TXN-7-abc", amount: 5_000, currency: "NGN", status: "success", channel: "card" };
    expect(paystack.parseWebhook(paystackWebhook(SECRET, "charge.success", data).body).charge).not.toHaveProperty("savedCard");
    // A malformed authorization is a card we cannot describe, never a refused webhook.
    const odd = {
      ...data,
      authorization: { authorization_code: "AUTH_odd", channel: "card", last4: "X553", exp_month: "13", exp_year: "soon", reusable: "yes" },
    };
    expect(paystack.parseWebhook(paystackWebhook(SECRET, "charge.success", odd).body).charge?.savedCard).toEqual({
      authorization: "AUTH_odd",
      reusable: false,
      brand: null,
      last4: null,
      expMonth: null,
      expYear: null,
    });
    const broken = { ...data, authorization: "AUTH_as_text" };
    expect(paystack.parseWebhook(paystackWebhook(SECRET, "charge.success", broken).body).charge).toMatchObject({ status: "success" });
  });

  it("charges an authorization with the documented body and answers the charge, paid at its transaction_date", async () => {
    const { code } = await paidByCard();
    const subaccount = await paystack.saveSubaccount({ businessName: "Mama Put", bankCode: "058", accountNumber: "0001234567" });
    const renew = renewal(code, { split: { subaccountCode: subaccount.code, platformFee: 3_750n } });
    const charge = await paystack.chargeSavedCard(renew);
    const request = lastRequestTo(fake, "POST", "/transaction/charge_authorization", SECRET);
    expect(request.body).toEqual({
      authorization_code: code,
      email: "ada@example.com",
      amount: 250_000,
      currency: "NGN",
      reference: renew.reference,
      metadata: JSON.stringify({ subscriptionId: "sub_1" }),
      subaccount: subaccount.code,
      bearer: "subaccount",
      transaction_charge: 3_750,
    });
    const stored = fake.charges.get(renew.reference)!;
    expect(charge).toEqual({
      reference: renew.reference,
      status: "success",
      amount: 250_000n,
      currency: "NGN",
      fee: BigInt(stored.fees!),
      paymentMethod: "CARD",
      paidAt: new Date(stored.paid_at!),
      processorTransactionId: String(stored.id),
      message: "Approved",
      savedCard: { authorization: code, reusable: true, brand: "visa", last4: "4081", expMonth: 12, expYear: 2030 },
    });
    // Paystack's own record of it answers the same afterwards.
    expect(await paystack.verify(renew.reference)).toMatchObject({ status: "success", amount: 250_000n, savedCard: { authorization: code } });
  });

  it("answers a decline worth retrying as failed, with Paystack's words", async () => {
    const { code } = await paidByCard();
    fake.savedCardDeclines.set(code, "Insufficient Funds");
    const renew = renewal(code);
    const charge = await paystack.chargeSavedCard(renew);
    expect(charge).toMatchObject({ status: "failed", message: "Insufficient Funds", fee: 0n, paidAt: null });
    expect(charge.retryable).not.toBe(false);
    expect(await paystack.verify(renew.reference)).toMatchObject({ status: "failed", message: "Insufficient Funds" });
  });

  it("answers hard declines with retryable false: an expired card, a non-reusable or unknown authorization", async () => {
    const expired = await paidByCard();
    fake.savedCardDeclines.set(expired.code, "Expired Card");
    expect(await paystack.chargeSavedCard(renewal(expired.code))).toMatchObject({ status: "failed", message: "Expired Card", retryable: false });

    const spent = await paidByCard();
    fake.authorizations.get(spent.code)!.authorization.reusable = false;
    const refused = renewal(spent.code);
    expect(await paystack.chargeSavedCard(refused)).toEqual({
      reference: refused.reference,
      status: "failed",
      amount: 250_000n,
      currency: "NGN",
      fee: 0n,
      paymentMethod: "CARD",
      paidAt: null,
      processorTransactionId: null,
      message: "Authorization is not reusable",
      retryable: false,
    });
    expect(fake.charges.has(refused.reference)).toBe(false);

    expect(await paystack.chargeSavedCard(renewal("AUTH_unknown"))).toMatchObject({
      status: "failed",
      message: "Invalid authorization code",
      retryable: false,
    });
  });

  it("never charges a reference twice: Paystack refuses the duplicate and its record of the first answers", async () => {
    const { code } = await paidByCard();
    const renew = renewal(code);
    const first = await paystack.chargeSavedCard(renew);
    const before = fake.charges.size;
    const again = await paystack.chargeSavedCard({ ...renew, amount: 999_900n });
    expect(fake.charges.size).toBe(before);
    expect(again).toMatchObject({ reference: renew.reference, status: "success", amount: 250_000n, processorTransactionId: first.processorTransactionId });
  });

  it("keeps other refusals as errors, and an unreachable, failing or hanging Paystack as ProcessorError", async () => {
    const { code } = await paidByCard();
    expect(await caught(paystack.chargeSavedCard(renewal(code, { email: "someone.else@example.com" })))).toMatchObject({
      kind: "declined",
      message: "Email does not match the authorization's customer",
    });
    fake.mode = "garbage";
    expect((await caught(paystack.chargeSavedCard(renewal(code)))).kind).toBe("invalid_response");
    await expectOutagesAsProcessorErrors(
      fake,
      () => paystack.chargeSavedCard(renewal(code)),
      (baseUrl) => createPaystackAdapter({ secretKey: SECRET, baseUrl, timeoutMs: 1000 }).chargeSavedCard(renewal(code)),
    );
  });
});

describe("paystack virtual accounts", () => {
  const account = virtualAccountInput;

  it("creates the customer, then the dedicated account on the test bank, with the documented bodies", async () => {
    const input = account();
    const result = await paystack.createVirtualAccount(input);
    const [customer, dedicated] = fake.requests.slice(-2);
    expect(customer).toMatchObject({ method: "POST", path: "/customer" });
    expect(customer!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(customer!.body).toEqual({ email: input.email, first_name: "Ada", last_name: "Obi", phone: "+2348012345678" });
    const code = [...fake.customers.values()].find((c) => c.email === input.email)!.customer_code;
    expect(dedicated).toMatchObject({ method: "POST", path: "/dedicated_account" });
    expect(dedicated!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(dedicated!.body).toEqual({ customer: code, preferred_bank: "test-bank", first_name: "Ada", last_name: "Obi", phone: "+2348012345678" });
    const stored = fake.dedicatedAccounts.get(result.accountNumber)!;
    expect(result).toEqual({
      bankName: "Test Bank",
      accountNumber: stored.account_number,
      accountName: "PAYLINK / ADA OBI",
      externalId: String(stored.id),
      customerCode: code,
    });
    expect(result.accountNumber).toMatch(/^\d{10}$/);
  });

  it("asks for Wema Bank with a live key, and passes the merchant's subaccount", async () => {
    const live = createPaystackAdapter({ mode: "live", secretKey: fake.liveSecretKey, baseUrl: fake.baseUrl, timeoutMs: 1000 });
    const subaccount = await live.saveSubaccount({ businessName: "Mama Put", bankCode: "058", accountNumber: "0001234567" });
    const result = await live.createVirtualAccount(account({ subaccountCode: subaccount.code, phone: null }));
    expect(fake.requests.at(-2)!.body).not.toHaveProperty("phone");
    expect(fake.requests.at(-1)!.body).toMatchObject({ preferred_bank: "wema-bank", subaccount: subaccount.code });
    expect(fake.requests.at(-1)!.body).not.toHaveProperty("phone");
    expect(result.bankName).toBe("Wema Bank");
    expect(fake.dedicatedAccounts.get(result.accountNumber)).toMatchObject({ domain: "live", subaccount: subaccount.code });
  });

  it("passes Paystack's refusal through as declined, and a broken answer as invalid", async () => {
    fake.dedicatedAccountRefusal = "Dedicated NUBAN not available for this business";
    expect(await caught(paystack.createVirtualAccount(account()))).toMatchObject({
      kind: "declined",
      message: "Dedicated NUBAN not available for this business",
    });
    fake.dedicatedAccountRefusal = null;
    expect(await caught(paystack.createVirtualAccount(account({ firstName: null, lastName: null })))).toMatchObject({
      kind: "declined",
      message: "Customer's first name and last name are required",
    });
    fake.mode = "garbage";
    expect((await caught(paystack.createVirtualAccount(account()))).kind).toBe("invalid_response");
    fake.mode = "unavailable";
    expect((await caught(paystack.createVirtualAccount(account()))).kind).toBe("unavailable");
  });

  it("normalizes a transfer into a dedicated account (charge.success, dedicated_nuban) as kind transfer", async () => {
    const created = await paystack.createVirtualAccount(account());
    const event = fake.transferEvent({ accountNumber: created.accountNumber, amount: 250_000n, senderName: "CHIDI OKAFOR", senderBank: "Access Bank" });
    expect(paystack.authenticateWebhook(new Headers(event.headers), event.body)).toBe(true);
    const stored = fake.charges.get(event.reference)!;
    const parsed = paystack.parseWebhook(event.body);
    expect(parsed).toEqual({
      externalId: `charge.success:${event.id}`,
      type: "charge.success",
      kind: "transfer",
      reference: event.reference,
      charge: {
        reference: event.reference,
        status: "success",
        amount: 250_000n,
        currency: "NGN",
        fee: 2_500n,
        paymentMethod: "BANK_TRANSFER",
        paidAt: new Date(stored.paid_at!),
        processorTransactionId: event.id,
        message: "Approved",
      },
      transfer: {
        accountNumber: created.accountNumber,
        accountReference: null,
        customerCode: created.customerCode,
        senderName: "CHIDI OKAFOR",
        senderBank: "Access Bank",
        narration: `NIP: CHIDI OKAFOR -0123454321/${created.accountNumber}`,
      },
    });
    // Paystack's own record answers the same charge, as a bank transfer.
    expect(await paystack.verify(event.reference)).toMatchObject({ status: "success", amount: 250_000n, paymentMethod: "BANK_TRANSFER" });
  });

  it("reads the account from metadata when the authorization omits it, and odd sender fields as unknown", () => {
    const event = fake.transferEvent({ accountNumber: "9900000001", amount: 10_000 });
    const data = JSON.parse(event.body).data;
    const sparse = {
      ...data,
      authorization: { ...data.authorization, receiver_bank_account_number: null, sender_name: 42, sender_bank: "", narration: "x\u0000y" },
      customer: { email: "someone@example.com" },
    };
    const parsed = paystack.parseWebhook(paystackWebhook(SECRET, "charge.success", sparse).body);
    expect(parsed.kind).toBe("transfer");
    expect(parsed.transfer).toEqual({
      accountNumber: "9900000001",
      accountReference: null,
      customerCode: null,
      senderName: null,
      senderBank: null,
      narration: "xy",
    });
    const bare = { ...sparse, metadata: "", authorization: {} };
    expect(paystack.parseWebhook(paystackWebhook(SECRET, "charge.success", bare).body).transfer).toMatchObject({ accountNumber: null });
  });

  it("keeps a card's charge.success (and a dedicated_nuban charge.failed) on the charge paths", () => {
    const card = { id: 43, reference: "TXN-2-abc", amount: 5_000, currency: "NGN", status: "success", channel: "card" };
    const event = paystack.parseWebhook(paystackWebhook(SECRET, "charge.success", card).body);
    expect(event.kind).toBe("charge.success");
    expect(event).not.toHaveProperty("transfer");
    const failed = paystack.parseWebhook(paystackWebhook(SECRET, "charge.failed", { ...card, status: "failed", channel: "dedicated_nuban" }).body);
    expect(failed).toMatchObject({ kind: "charge.failed", charge: { paymentMethod: "BANK_TRANSFER" } });
  });
});
