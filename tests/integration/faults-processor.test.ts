// Fault: a processor API that accepts the connection and never answers (fake Paystack and
// Flutterwave in "hang" mode). PROCESSOR_TIMEOUT_MS is 1 s here (15 s by default).
// Proves, for every call we make to a processor (initialize, verify, refund):
// - the caller gets its answer once the timeout runs out (502 `Payment processor error: …` for
//   initiation and refunds, 500 to a Flutterwave webhook so Flutterwave retries it);
// - nothing is left half-written: the payment is FAILED (never completed), a refund's reservation
//   is released, no outbox event, processor event or idempotency key is kept;
// - once the processor answers again, the same calls (the same Idempotency-Key included) succeed.
import { expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { reconcileTransaction } from "@/lib/payments/reconcile";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, pendingPayment, postWebhook, transactionByReference } from "../helpers/payments";
import { paystackWebhook } from "../fakes/paystack";
import { flutterwaveWebhook } from "../fakes/flutterwave";
import { FLW_HASH, withFakeProcessors } from "../helpers/fake-processors";
import { apiError } from "../helpers/errors";

const TIMEOUT_MS = 1_000;

const fakes = withFakeProcessors({ timeoutMs: TIMEOUT_MS });

/** Runs `request` and says how long it took: the hang must end with the timeout, not hold the caller. */
async function timed<T>(request: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await request();
  return { result, ms: Date.now() - started };
}

/** A completed Paystack payment, through the real webhook path. */
async function completedPayment(owner: Awaited<ReturnType<typeof createMerchantOwner>>) {
  const { body } = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
  fakes.paystack.setOutcome(body.reference, "success");
  expect((await postWebhook("paystack", paystackWebhook(fakes.paystack.secretKey, "charge.success", fakes.paystack.webhookData(body.reference)))).status).toBe(
    200,
  );
  return transactionByReference(body.reference);
}

it("initiation answers 502 when the processor hangs, leaves the payment FAILED, keeps no idempotency key, and a retry with the same key succeeds", async () => {
  fakes.use("paystack");
  const owner = await createMerchantOwner();
  fakes.paystack.mode = "hang";
  const headers = { "idempotency-key": "order-1001" };
  const { result: res, ms } = await timed(() => initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers }));
  expect(res.status).toBe(502);
  expect(res.body).toEqual(apiError({ message: `Payment processor error: Processor request timed out after ${TIMEOUT_MS / 1000}s`, code: "processor_error" }));
  // Answered because the timeout ran out (a hang has no other way to end), not much later.
  expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  expect(ms).toBeLessThan(TIMEOUT_MS + 4_000);
  expect(fakes.paystack.requests.filter((r) => r.path === "/transaction/initialize")).toHaveLength(1);

  const [failed, ...others] = await db.transaction.findMany({ where: { merchantId: owner.merchant.id } });
  expect(others).toEqual([]);
  expect(failed).toMatchObject({
    status: "FAILED",
    failureReason: "Initialization failed: Processor request timed out after 1s",
    authorizationUrl: null,
    completedAt: null,
  });
  expect(await db.event.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  expect(await db.idempotencyKey.count({ where: { key: "order-1001" } })).toBe(0);

  fakes.paystack.mode = "ok";
  const retry = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
  expect(retry.status).toBe(201);
  expect(retry.headers.get("idempotent-replayed")).toBeNull();
  expect(await transactionByReference(retry.body.reference)).toMatchObject({ status: "PENDING", authorizationUrl: expect.stringMatching(/^https:\/\//) });
  // The retry is a new payment; the one that timed out stays FAILED and can never complete.
  expect((await db.transaction.findUniqueOrThrow({ where: { id: failed!.id } })).status).toBe("FAILED");
});

it("a refund answers 502 when the processor hangs and releases the reserved amount; the retry refunds once", async () => {
  fakes.use("paystack");
  const owner = await createMerchantOwner();
  const payment = await completedPayment(owner);
  const refund = (key: string) =>
    call(refundRoute.POST, {
      path: `/api/transactions/${payment.id}/refund`,
      params: { transactionId: payment.id },
      token: owner.secretKey,
      body: {},
      headers: { "idempotency-key": key },
    });

  fakes.paystack.mode = "hang";
  const { result: res } = await timed(() => refund("refund-1"));
  expect(res.status).toBe(502);
  expect(res.body.message).toBe(`Payment processor error: Processor request timed out after ${TIMEOUT_MS / 1000}s`);
  expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "COMPLETED", refundedAmount: 0n });
  expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.refunded" } })).toBe(0);
  expect(await db.auditLog.count({ where: { merchantId: owner.merchant.id, action: "refund.issued" } })).toBe(0);

  fakes.paystack.mode = "ok";
  const retry = await refund("refund-1");
  expect(retry.status).toBe(200);
  expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "REFUNDED", refundedAmount: payment.amount });
  expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.refunded" } })).toBe(1);
});

it("reconciliation leaves a payment PENDING when the processor's verify hangs, and settles it once it answers", async () => {
  fakes.use("paystack");
  const { owner, reference } = await pendingPayment();
  fakes.paystack.setOutcome(reference, "success");
  const pending = await transactionByReference(reference);

  fakes.paystack.mode = "hang";
  expect(await reconcileTransaction(pending)).toBe("error");
  expect(await transactionByReference(reference)).toMatchObject({ status: "PENDING", completedAt: null });
  expect(await db.event.count({ where: { merchantId: owner.merchant.id } })).toBe(0);

  fakes.paystack.mode = "ok";
  expect(await reconcileTransaction(pending)).toBe("completed");
  expect((await transactionByReference(reference)).status).toBe("COMPLETED");
  expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.completed" } })).toBe(1);
});

it("a Flutterwave webhook whose confirming verify hangs gets 500 (so it is retried), stores nothing, and completes on the retry", async () => {
  fakes.use("flutterwave");
  const { owner, reference } = await pendingPayment();
  fakes.flutterwave.setOutcome(reference, "success");
  const webhook = flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(reference));

  fakes.flutterwave.mode = "hang";
  const { result: res, ms } = await timed(() => postWebhook("flutterwave", webhook));
  expect(res.status).toBe(500);
  expect(res.body.message).toBe("Could not confirm the charge with flutterwave; please retry");
  expect(ms).toBeLessThan(TIMEOUT_MS + 4_000);
  expect((await transactionByReference(reference)).status).toBe("PENDING");
  expect(await db.processorEvent.count({ where: { transaction: { reference } } })).toBe(0);

  fakes.flutterwave.mode = "ok";
  expect((await postWebhook("flutterwave", webhook)).status).toBe(200);
  expect((await transactionByReference(reference)).status).toBe("COMPLETED");
  expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.completed" } })).toBe(1);
});
