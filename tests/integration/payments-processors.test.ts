// Initiation and webhooks against local fake Paystack and Flutterwave servers that speak their
// documented APIs over HTTP: the only place a processor is faked.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, pendingPayment, postWebhook, transactionByReference } from "../helpers/payments";
import { paystackWebhook } from "../fakes/paystack";
import { flutterwaveWebhook } from "../fakes/flutterwave";
import { FLW_HASH, withFakeProcessors } from "../helpers/fake-processors";

const fakes = withFakeProcessors({ timeoutMs: 500 });

describe.each(["paystack", "flutterwave"] as const)("initiation with %s", (name) => {
  it("sends the payment to the processor and answers its authorization URL", async () => {
    fakes.use(name);
    const owner = await createMerchantOwner();
    const res = await initiate(paymentBody(owner.merchant.id, { amount: 505_050 }), { key: owner.secretKey });
    expect(res.status).toBe(201);
    expect(res.body.authorizationUrl).toMatch(/^https?:\/\//);
    expect(res.body.accessCode).toEqual(expect.any(String));
    const fake = fakes[name];
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    // Paystack takes kobo; Flutterwave takes naira.
    if (name === "paystack") expect(sent.body).toMatchObject({ amount: "505050", reference: res.body.reference, email: "customer@example.com" });
    else expect(sent.body).toMatchObject({ amount: 5050.5, tx_ref: res.body.reference });
  });

  it.each([
    ["error", /^Payment processor error: Invalid (authorization )?key$/],
    ["garbage", /^Payment processor error: Invalid response from processor$/],
    ["hang", /^Payment processor error: .*timed out/],
  ] as const)("answers 502 when the processor answers %s, leaving the transaction FAILED", async (mode, message) => {
    fakes.use(name);
    fakes[name].mode = mode;
    const owner = await createMerchantOwner();
    const before = Date.now();
    const res = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(message);
    expect(Date.now() - before).toBeLessThan(5_000);
    const [t] = await db.transaction.findMany({ where: { merchantId: owner.merchant.id } });
    expect(t).toMatchObject({ status: "FAILED", failureReason: expect.stringMatching(/^Initialization failed/) });
  });
});

describe("Paystack webhooks", () => {
  it("completes from a charge.success signed with the secret key, with Paystack's fee and channel", async () => {
    fakes.use("paystack");
    const { reference } = await pendingPayment();
    fakes.paystack.setOutcome(reference, "success", { fees: 3_750, channel: "ussd" });
    const res = await postWebhook("paystack", paystackWebhook(fakes.paystack.secretKey, "charge.success", fakes.paystack.webhookData(reference)));
    expect(res.status).toBe(200);
    expect(await transactionByReference(reference)).toMatchObject({ status: "COMPLETED", fee: 3_750n, paymentMethod: "USSD" });
  });

  it("refuses a signature made with another key (401) and changes nothing", async () => {
    fakes.use("paystack");
    const { reference } = await pendingPayment();
    fakes.paystack.setOutcome(reference, "success");
    const forged = paystackWebhook("sk_test_someone_else", "charge.success", fakes.paystack.webhookData(reference));
    expect((await postWebhook("paystack", forged)).status).toBe(401);
    expect((await transactionByReference(reference)).status).toBe("PENDING");
  });
});

describe("Flutterwave webhooks", () => {
  it("confirms the charge with a verify call before completing, converting naira to kobo", async () => {
    fakes.use("flutterwave");
    const owner = await createMerchantOwner();
    const { body } = await initiate(paymentBody(owner.merchant.id, { amount: 505_050 }), { key: owner.secretKey });
    fakes.flutterwave.setOutcome(body.reference, "success");
    const res = await postWebhook("flutterwave", flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(body.reference)));
    expect(res.status).toBe(200);
    const t = await transactionByReference(body.reference);
    expect(t).toMatchObject({ status: "COMPLETED", amount: 505_050n, paymentMethod: "CARD" });
    expect(t.fee).toBe(7_071n); // 1.4% of ₦5,050.50 = ₦70.707, rounded to the kobo
    expect(fakes.flutterwave.requests.some((r) => r.path.includes("/verify"))).toBe(true);
  });

  it("does not complete on a webhook claiming success that verification contradicts", async () => {
    fakes.use("flutterwave");
    const { reference } = await pendingPayment();
    // A forged body with the right hash (the hash does not cover the body): verify says it is unpaid.
    const claimed = { ...fakes.flutterwave.webhookData(reference), status: "successful" };
    expect((await postWebhook("flutterwave", flutterwaveWebhook(FLW_HASH, claimed))).status).toBe(200);
    expect((await transactionByReference(reference)).status).toBe("PENDING");
  });

  it("accepts the hash in verify-hash too, and refuses a wrong hash with 401", async () => {
    fakes.use("flutterwave");
    const { reference } = await pendingPayment();
    fakes.flutterwave.setOutcome(reference, "success");
    const webhook = flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(reference));
    expect((await postWebhook("flutterwave", { body: webhook.body, headers: { "verif-hash": "wrong" } })).status).toBe(401);
    expect((await postWebhook("flutterwave", { body: webhook.body, headers: { "verify-hash": FLW_HASH } })).status).toBe(200);
    expect((await transactionByReference(reference)).status).toBe("COMPLETED");
  });

  it("answers 500 (so Flutterwave retries) when the verify call fails, and changes nothing", async () => {
    fakes.use("flutterwave");
    const { reference } = await pendingPayment();
    fakes.flutterwave.setOutcome(reference, "success");
    fakes.flutterwave.mode = "error";
    const res = await postWebhook("flutterwave", flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(reference)));
    expect(res.status).toBe(500);
    expect((await transactionByReference(reference)).status).toBe("PENDING");
    expect(await db.processorEvent.count({ where: { transaction: { reference } } })).toBe(0);
  });
});
