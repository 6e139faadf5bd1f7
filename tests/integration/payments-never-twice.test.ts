// Issue 25, Deliver 5: a transaction has at most one open attempt. "Try again" verifies the open
// checkout first (paid: it stands, no new checkout); otherwise it is superseded and a new round opens
// on the route with its own reference. A replaced checkout paid late stands when nothing else was
// paid, and is refunded once when something was. Webhooks from either processor find their attempt.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as retryRoute from "@/app/receipt/[reference]/retry/route";
import { findReceipt } from "@/lib/payments/receipt";
import { reconcilePending, reconcileTransaction } from "@/lib/payments/reconcile";
import { RETRY_FAILED_MESSAGE } from "@/lib/payments/retry";
import * as verifyRoute from "@/app/api/transactions/[transactionId]/verify/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, transactionByReference } from "../helpers/payments";
import { flashOf, postForm } from "../helpers/forms";
import { flutterwaveWebhook } from "../fakes/flutterwave";
import { paystackWebhook } from "../fakes/paystack";
import { FLW_HASH, initialization, withFakeProcessors } from "../helpers/fake-processors";

const fakes = withFakeProcessors({ timeoutMs: 600 });

const tryAgain = (reference: string) => postForm(retryRoute.POST, `/receipt/${reference}/retry`, { reference }, {});
const initializations = (fake: { requests: { method: string; path: string }[] }) =>
  fake.requests.filter((r) => initialization({ ...r, headers: {}, body: null })).length;
const attempts = (transactionId: string) =>
  db.paymentAttempt.findMany({ where: { transactionId }, orderBy: { createdAt: "asc" }, select: { processor: true, reference: true, outcome: true } });

/** A payment whose checkout is open at Paystack (route paystack, flutterwave). */
async function openAtPaystack() {
  fakes.use(["paystack", "flutterwave"]);
  const owner = await createMerchantOwner();
  const { body } = await initiate(paymentBody(owner.merchant.id, { amount: 250_000 }), { key: owner.secretKey });
  expect(body.processor).toBe("paystack");
  return { owner, reference: body.reference as string };
}

/** …then "Try again" while Paystack cannot open a new checkout: the new round opens at Flutterwave. */
async function replacedByFlutterwave() {
  const opened = await openAtPaystack();
  fakes.paystack.failing = initialization;
  fakes.paystack.mode = "unavailable";
  const res = await tryAgain(opened.reference);
  fakes.paystack.failing = null;
  fakes.paystack.mode = "ok";
  expect(res.status).toBe(303);
  expect(res.location).toBe(fakes.flutterwave.charges.get(`${opened.reference}-r2`)!.link);
  return opened;
}

const paystackPaid = (reference: string) => {
  fakes.paystack.setOutcome(reference, "success");
  return postWebhook("paystack", paystackWebhook(fakes.paystack.secretKey, "charge.success", fakes.paystack.webhookData(reference)));
};
const flutterwavePaid = (reference: string) => {
  fakes.flutterwave.setOutcome(reference, "success");
  return postWebhook("flutterwave", flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(reference)));
};
const refundsAt = (reference: string) => ({
  paystack: fakes.paystack.refunds.filter((r) => r.transaction === reference).length,
  flutterwave: fakes.flutterwave.refunds.filter((r) => r.tx_id === fakes.flutterwave.charges.get(reference)?.id).length,
});

describe('"Try again" on an open checkout', () => {
  it("offers Try again on the receipt page only while a checkout is open", async () => {
    const { reference } = await openAtPaystack();
    expect((await findReceipt(reference))!.retryAction).toBe(`/receipt/${reference}/retry`);
    expect((await paystackPaid(reference)).status).toBe(200);
    expect((await findReceipt(reference))!.retryAction).toBeNull();
  });

  it("verifies the open checkout first: paid, that payment stands and no new checkout opens", async () => {
    const { reference } = await openAtPaystack();
    fakes.paystack.setOutcome(reference, "success");
    const before = { paystack: initializations(fakes.paystack), flutterwave: initializations(fakes.flutterwave) };
    const res = await tryAgain(reference);
    expect(res).toMatchObject({ status: 303, location: `/receipt/${reference}` });
    expect(initializations(fakes.paystack)).toBe(before.paystack);
    expect(initializations(fakes.flutterwave)).toBe(before.flutterwave);
    const t = await transactionByReference(reference);
    expect(t).toMatchObject({ status: "COMPLETED", processor: "paystack", chargeReference: null });
    expect(await attempts(t.id)).toEqual([{ processor: "paystack", reference, outcome: "started" }]);
  });

  it.each([
    ["Paystack cannot open new checkouts", "initialization"],
    ["Paystack is down altogether (verify too)", "everything"],
  ] as const)("%s: the open checkout is superseded and a new round opens at Flutterwave with its own reference", async (_, scope) => {
    const { reference } = await openAtPaystack();
    fakes.paystack.failing = scope === "initialization" ? initialization : null;
    fakes.paystack.mode = "unavailable";
    const res = await tryAgain(reference);
    const next = `${reference}-r2`;
    expect(res.status).toBe(303);
    expect(res.location).toBe(fakes.flutterwave.charges.get(next)!.link);
    const t = await transactionByReference(reference);
    expect(t).toMatchObject({ status: "PENDING", processor: "flutterwave", chargeReference: next, authorizationUrl: res.location });
    expect(await attempts(t.id)).toEqual([
      { processor: "paystack", reference, outcome: "superseded" },
      { processor: "paystack", reference: next, outcome: "unavailable" },
      { processor: "flutterwave", reference: next, outcome: "started" },
    ]);
    // Reconciliation asks Flutterwave about the new round's charge.
    fakes.paystack.mode = "ok";
    fakes.flutterwave.setOutcome(next, "success");
    expect(await reconcileTransaction(t)).toBe("completed");
    expect(await transactionByReference(reference)).toMatchObject({ status: "COMPLETED", processor: "flutterwave" });
  });

  it("two Try agains at once open one new checkout", async () => {
    const { reference } = await openAtPaystack();
    fakes.paystack.delay = () => 150;
    fakes.paystack.failing = initialization;
    fakes.paystack.mode = "unavailable";
    const before = initializations(fakes.flutterwave);
    const results = await Promise.all([tryAgain(reference), tryAgain(reference)]);
    expect(initializations(fakes.flutterwave)).toBe(before + 1);
    expect(results.map((r) => r.location).sort()).toEqual([fakes.flutterwave.charges.get(`${reference}-r2`)!.link, `/receipt/${reference}`].sort());
  });

  it("when no processor can open a new checkout, the first one stays open and the customer is told", async () => {
    const { reference } = await openAtPaystack();
    const before = await transactionByReference(reference);
    fakes.paystack.failing = initialization;
    fakes.paystack.mode = "unavailable";
    fakes.flutterwave.mode = "unavailable";
    const res = await tryAgain(reference);
    expect(res).toMatchObject({ status: 303, location: `/receipt/${reference}` });
    expect(flashOf(res.setCookie)?.errors).toEqual([{ field: "form", message: RETRY_FAILED_MESSAGE }]);
    const t = await transactionByReference(reference);
    expect(t).toMatchObject({ status: "PENDING", processor: "paystack", chargeReference: null, subaccountCode: before.subaccountCode });
    expect((await attempts(t.id)).filter((a) => a.outcome === "started")).toEqual([{ processor: "paystack", reference, outcome: "started" }]);
  });
});

describe("a replaced checkout paid late", () => {
  it("stands when nothing else was paid; the new checkout, paid after, is refunded once", async () => {
    const { owner, reference } = await replacedByFlutterwave();
    expect((await paystackPaid(reference)).status).toBe(200);
    const t = await transactionByReference(reference);
    expect(t).toMatchObject({ status: "COMPLETED", processor: "paystack", chargeReference: null });
    expect(await attempts(t.id)).toEqual([
      { processor: "paystack", reference, outcome: "started" },
      { processor: "paystack", reference: `${reference}-r2`, outcome: "unavailable" },
      { processor: "flutterwave", reference: `${reference}-r2`, outcome: "superseded" },
    ]);

    expect((await flutterwavePaid(`${reference}-r2`)).status).toBe(200);
    const second = await transactionByReference(`${reference}-r2`);
    expect(second).toMatchObject({ processor: "flutterwave", chargeReference: `${reference}-r2`, amount: 250_000n, autoRefundDueAt: null });
    expect(second.flaggedReason).toMatch(/^Paid twice: a replaced Flutterwave checkout was paid after payment /);
    expect(refundsAt(`${reference}-r2`)).toEqual({ paystack: 0, flutterwave: 1 });
    expect(await transactionByReference(reference)).toMatchObject({ status: "COMPLETED", processor: "paystack", refundedAmount: 0n });
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(2);
  });

  it("is refunded once when the new checkout was paid first, however often it is reported", async () => {
    const { owner, reference } = await replacedByFlutterwave();
    expect((await flutterwavePaid(`${reference}-r2`)).status).toBe(200);
    expect(await transactionByReference(reference)).toMatchObject({ status: "COMPLETED", processor: "flutterwave" });

    expect((await paystackPaid(reference)).status).toBe(200);
    expect((await paystackPaid(reference)).status).toBe(200);
    const second = await transactionByReference(`${reference}-r1`);
    expect(second).toMatchObject({ processor: "paystack", chargeReference: reference, autoRefundDueAt: null });
    expect(second.flaggedReason).toMatch(/^Paid twice: a replaced Paystack checkout/);
    // The reconciliation's check of replaced checkouts finds it settled: still one refund.
    await reconcilePending({ now: new Date(Date.now() + 60 * 60 * 1000) });
    expect(refundsAt(reference)).toEqual({ paystack: 1, flutterwave: 0 });
    expect(await transactionByReference(reference)).toMatchObject({ status: "COMPLETED", processor: "flutterwave", refundedAmount: 0n });
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(2);
    // The merchant finds it by its own reference, like any payment.
    const detail = await call(verifyRoute.GET, {
      path: `/api/transactions/${reference}-r1/verify`,
      params: { transactionId: `${reference}-r1` },
      token: owner.secretKey,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: second.id, reference: `${reference}-r1`, amount: 250_000 });
    // The owner is told, as for every automatic refund.
    expect(await db.outboundEmail.count({ where: { kind: "auto-refund", transactionId: second.id } })).toBe(1);
  });

  it("webhooks from both processors at once: one completion, one second payment, one refund", async () => {
    const { owner, reference } = await replacedByFlutterwave();
    fakes.paystack.setOutcome(reference, "success");
    fakes.flutterwave.setOutcome(`${reference}-r2`, "success");
    const [paystack, flutterwave] = await Promise.all([
      postWebhook("paystack", paystackWebhook(fakes.paystack.secretKey, "charge.success", fakes.paystack.webhookData(reference))),
      postWebhook("flutterwave", flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(`${reference}-r2`))),
    ]);
    expect([paystack.status, flutterwave.status]).toEqual([200, 200]);
    const rows = await db.transaction.findMany({ where: { merchantId: owner.merchant.id }, orderBy: { createdAt: "asc" } });
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.status)).toEqual(["COMPLETED", expect.stringMatching(/^(COMPLETED|REFUNDED)$/)]);
    expect(rows[1]!.flaggedReason).toMatch(/^Paid twice/);
    const refunds = [refundsAt(reference), refundsAt(`${reference}-r2`)];
    expect(refunds.reduce((n, r) => n + r.paystack + r.flutterwave, 0)).toBe(1);
  });
});
