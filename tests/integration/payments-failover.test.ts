// Issue 25, Deliver 3: an initiation that cannot start on one processor (unreachable, timed out, 5xx,
// 429) starts on the next of the route within the same request; a refusal does not fail over. Every
// attempt is recorded.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as detailRoute from "@/app/api/merchants/[merchantId]/transactions/[transactionId]/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, pendingPayment, postWebhook, transactionByReference } from "../helpers/payments";
import { flutterwaveWebhook } from "../fakes/flutterwave";
import type { FakeMode } from "../fakes/server";
import { FLW_HASH, initialization, withFakeProcessors } from "../helpers/fake-processors";
import { saveSettlementAccount, testSubaccount } from "../helpers/settlement-account";

const TIMEOUT_MS = 600;
const fakes = withFakeProcessors({ timeoutMs: TIMEOUT_MS });

const attempts = (transactionId: string) =>
  db.paymentAttempt.findMany({
    where: { transactionId },
    orderBy: { createdAt: "asc" },
    select: { processor: true, reference: true, outcome: true, error: true, durationMs: true },
  });

const initializations = (fake: { requests: { method: string; path: string }[] }) =>
  fake.requests.filter((r) => initialization({ ...r, headers: {}, body: null })).length;

async function paystackDown(mode: FakeMode) {
  fakes.use(["paystack", "flutterwave"]);
  fakes.paystack.failing = initialization;
  fakes.paystack.mode = mode;
  const owner = await createMerchantOwner();
  return { owner, before: { paystack: initializations(fakes.paystack), flutterwave: initializations(fakes.flutterwave) } };
}

describe("failover at initiation", () => {
  it.each(["unavailable", "rate_limited"] as const)("Paystack answering %s gives a Flutterwave checkout in the same request", async (mode) => {
    const { owner, before } = await paystackDown(mode);
    const res = await initiate(paymentBody(owner.merchant.id, { amount: 505_050 }), { key: owner.secretKey });
    expect(res.status).toBe(201);
    expect(res.body.processor).toBe("flutterwave");
    expect(initializations(fakes.paystack)).toBe(before.paystack + 1);
    expect(initializations(fakes.flutterwave)).toBe(before.flutterwave + 1);
    const sent = fakes.flutterwave.requests.at(-1)!;
    expect(sent.body).toMatchObject({ tx_ref: res.body.reference, amount: 5050.5 });
    expect(res.body.authorizationUrl).toBe(fakes.flutterwave.charges.get(res.body.reference)!.link);
    const t = await transactionByReference(res.body.reference);
    expect(t).toMatchObject({ processor: "flutterwave", status: "PENDING", authorizationUrl: res.body.authorizationUrl });
    const reason = mode === "unavailable" ? "Service temporarily unavailable" : "Too many requests";
    expect(await attempts(t.id)).toEqual([
      { processor: "paystack", reference: t.reference, outcome: "unavailable", error: reason, durationMs: expect.any(Number) },
      { processor: "flutterwave", reference: t.reference, outcome: "started", error: null, durationMs: expect.any(Number) },
    ]);
  });

  it("Paystack hanging gives an answer within its timeout plus the fallback", async () => {
    const { owner } = await paystackDown("hang");
    const begin = Date.now();
    const res = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    const took = Date.now() - begin;
    expect(res.status).toBe(201);
    expect(res.body.processor).toBe("flutterwave");
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(took).toBeLessThan(TIMEOUT_MS + 2_000);
    const [hung, fallback] = await attempts((await transactionByReference(res.body.reference)).id);
    expect(hung).toMatchObject({ processor: "paystack", outcome: "timeout", error: "Processor request timed out after 0.6s" });
    expect(hung!.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(fallback).toMatchObject({ processor: "flutterwave", outcome: "started" });
  });

  it("a refusal from Paystack does not fail over: 502 with its words, the transaction FAILED, Flutterwave never asked", async () => {
    const { owner, before } = await paystackDown("error");
    const res = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe("Payment processor error: Invalid key");
    expect(initializations(fakes.flutterwave)).toBe(before.flutterwave);
    const [t] = await db.transaction.findMany({ where: { merchantId: owner.merchant.id } });
    expect(t).toMatchObject({ processor: "paystack", status: "FAILED", failureReason: "Initialization failed: Invalid key" });
    expect(await attempts(t!.id)).toEqual([
      { processor: "paystack", reference: t!.reference, outcome: "refused", error: "Invalid key", durationMs: expect.any(Number) },
    ]);
  });

  it("with every processor down, 502 with the last one's reason and the transaction FAILED", async () => {
    const { owner } = await paystackDown("unavailable");
    fakes.flutterwave.mode = "unavailable";
    const res = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe("Payment processor error: Service temporarily unavailable");
    const [t] = await db.transaction.findMany({ where: { merchantId: owner.merchant.id } });
    expect(t).toMatchObject({ status: "FAILED", failureReason: "Initialization failed: Service temporarily unavailable" });
    expect((await attempts(t!.id)).map((a) => [a.processor, a.outcome])).toEqual([
      ["paystack", "unavailable"],
      ["flutterwave", "unavailable"],
    ]);
  });

  it("the first processor that answers takes it: Paystack up means Flutterwave is never asked", async () => {
    fakes.use(["paystack", "flutterwave"]);
    const owner = await createMerchantOwner();
    const before = initializations(fakes.flutterwave);
    const res = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect(res.body.processor).toBe("paystack");
    expect(initializations(fakes.flutterwave)).toBe(before);
  });

  it("the payment is split at the processor that took it: the merchant's Flutterwave subaccount", async () => {
    const { owner } = await paystackDown("unavailable");
    await saveSettlementAccount(owner);
    const sub = await testSubaccount(owner.merchant.id, "flutterwave");
    const res = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect(res.body.processor).toBe("flutterwave");
    expect(fakes.flutterwave.charges.get(res.body.reference)!.subaccounts).toEqual([expect.objectContaining({ id: sub.code })]);
    expect(await transactionByReference(res.body.reference)).toMatchObject({ processor: "flutterwave", subaccountCode: sub.code });
  });

  it("the transaction's timeline shows each processor tried, with its reason and time, after it was initiated via the one that took it", async () => {
    const { owner } = await paystackDown("unavailable");
    const { body } = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    const res = await call(detailRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/transactions/${body.transactionId}`,
      params: { merchantId: owner.merchant.id, transactionId: body.transactionId },
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const timeline = res.body.timeline as { kind: string; title: string; detail?: string }[];
    expect(timeline.slice(0, 3)).toEqual([
      { at: expect.any(String), kind: "created", title: "Payment initiated", detail: expect.stringMatching(/via Flutterwave$/) },
      {
        at: expect.any(String),
        kind: "attempt",
        title: "Paystack: unavailable",
        detail: expect.stringMatching(/^Service temporarily unavailable · \d+\.\d s$/),
      },
      { at: expect.any(String), kind: "attempt", title: "Flutterwave: checkout started", detail: expect.stringMatching(/^\d+\.\d s$/) },
    ]);
  });

  it("a single attempt adds nothing to the timeline", async () => {
    fakes.use(["paystack", "flutterwave"]);
    const { owner, transactionId } = await pendingPayment();
    const res = await call(detailRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/transactions/${transactionId}`,
      params: { merchantId: owner.merchant.id, transactionId },
      token: owner.token,
    });
    expect((res.body.timeline as { kind: string }[]).map((entry) => entry.kind)).toEqual(["created"]);
  });

  it("a Flutterwave webhook completes the transaction that failed over to it, exactly once", async () => {
    const { owner } = await paystackDown("unavailable");
    const { body } = await initiate(paymentBody(owner.merchant.id, { amount: 505_050 }), { key: owner.secretKey });
    fakes.flutterwave.setOutcome(body.reference, "success");
    const webhook = flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(body.reference));
    expect((await postWebhook("flutterwave", webhook)).status).toBe(200);
    expect((await postWebhook("flutterwave", webhook)).status).toBe(200);
    expect(await transactionByReference(body.reference)).toMatchObject({ status: "COMPLETED", processor: "flutterwave" });
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id, status: "COMPLETED" } })).toBe(1);
  });
});
