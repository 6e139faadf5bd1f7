// The Paystack adapter against a fake Paystack over real HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { paystackWebhook, startFakePaystack, type FakePaystack } from "@/tests/fakes/paystack";
import { createPaystackAdapter } from "./paystack";
import { chargeInput, initialization, processorError, withFakeProcessors } from "@/tests/helpers/fake-processors";
import { ProcessorError, type InitializeInput, type ProcessorAdapter } from "./types";

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
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/transaction/initialize");
    expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
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

  it("reports a 503 and a 429 from Paystack as unavailable, the 429 with its Retry-After", async () => {
    fake.mode = "unavailable";
    expect(await caught(paystack.initialize(input()))).toMatchObject({ kind: "unavailable", message: "Service temporarily unavailable" });
    fake.mode = "rate_limited";
    expect(await caught(paystack.initialize(input()))).toMatchObject({ kind: "unavailable", message: "Too many requests", retryAfterMs: 1000 });
  });

  it("fails only initialization when told to: verify still answers", async () => {
    const charge = input();
    await paystack.initialize(charge);
    fake.failing = initialization;
    fake.mode = "unavailable";
    expect((await caught(paystack.initialize(input()))).kind).toBe("unavailable");
    expect((await paystack.verify(charge.reference)).reference).toBe(charge.reference);
  });

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
    const closed = await startFakePaystack();
    await closed.close();
    const gone = createPaystackAdapter({ secretKey: SECRET, baseUrl: closed.baseUrl, timeoutMs: 1000 });
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
