// Refunds as records: every refund is a Refund row, created pending with its reservation, moved on
// once by the processor's answer or its refund events (signed like Paystack signs them), with
// refund.processed / refund.failed recorded in the same database transaction as the move.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { refundTransaction } from "@/lib/payments/refunds";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import * as detailRoute from "@/app/api/merchants/[merchantId]/transactions/[transactionId]/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, pendingPayment, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";
import { paystackWebhook } from "../fakes/paystack";
import { flutterwaveWebhook } from "../fakes/flutterwave";
import { FLW_HASH, withFakeProcessors } from "../helpers/fake-processors";
import { deliverQueuedEmails } from "../helpers/mailbox";

const fakes = withFakeProcessors({ timeoutMs: 500 });

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

const refund = (id: string, body: unknown, token: string) =>
  call(refundRoute.POST, { path: `/api/transactions/${id}/refund`, params: { transactionId: id }, body, token });

const detail = (owner: Owner, transactionId: string) =>
  call(detailRoute.GET, {
    path: `/api/merchants/${owner.merchant.id}/transactions/${transactionId}`,
    params: { merchantId: owner.merchant.id, transactionId },
    token: owner.token,
  });

/** A ₦2,500 payment completed through (fake) Paystack, whose refund API answers "pending". */
async function paidWithPaystack(amount = 250_000) {
  fakes.use("paystack");
  const owner = await createMerchantOwner();
  const { body } = await initiate(paymentBody(owner.merchant.id, { amount }), { key: owner.secretKey });
  fakes.paystack.setOutcome(body.reference, "success");
  await postWebhook("paystack", paystackWebhook(fakes.paystack.secretKey, "charge.success", fakes.paystack.webhookData(body.reference)));
  const t = await transactionByReference(body.reference);
  expect(t.status).toBe("COMPLETED");
  return { owner, t };
}

/** A refund event's `data` as Paystack documents it: no refund id unless given, amount a string of kobo. */
function paystackRefundData(reference: string, amount: number, status: "processed" | "failed" | "pending", extra: Record<string, unknown> = {}) {
  return {
    status,
    transaction_reference: reference,
    refund_reference: status === "pending" ? null : `TRF_${reference.slice(-8)}_${amount}`,
    amount: String(amount),
    currency: "NGN",
    processor: "mpgs_zen",
    customer: { first_name: "Chidi", last_name: "Okafor", email: "customer@example.com" },
    integration: 412829,
    domain: "test",
    ...extra,
  };
}

const signed = (event: string, data: Record<string, unknown>, key = fakes.paystack.secretKey) => paystackWebhook(key, event, data);
const refundsOf = (transactionId: string) => db.refund.findMany({ where: { transactionId }, orderBy: { createdAt: "asc" } });
const eventsOf = (merchantId: string, type: string) => db.event.findMany({ where: { merchantId, type }, orderBy: { createdAt: "asc" } });
const outcomes = async (transactionId: string, eventType: string) =>
  (await db.processorEvent.findMany({ where: { transactionId, eventType }, orderBy: { createdAt: "asc" } })).map((e) => e.outcome);

describe("a Paystack refund", () => {
  it("is a pending Refund row (who asked, the processor's id) until refund.processed moves it, once", async () => {
    const { owner, t } = await paidWithPaystack();
    const res = await refund(t.id, { amount: 100_000, reason: "Damaged item" }, owner.token);
    expect(res.status).toBe(200);
    const [row] = await refundsOf(t.id);
    // The answer's shape is as before; its id is our Refund's.
    expect(res.body).toEqual({
      message: "Refund issued",
      transaction: expect.objectContaining({ status: "REFUNDED", refundedAmount: 100_000 }),
      refund: { id: row!.id, amount: 100_000, status: "pending" },
    });
    expect(row).toMatchObject({
      merchantId: owner.merchant.id,
      environment: "test",
      amount: 100_000n,
      status: "pending",
      reason: "Damaged item",
      processorRefundId: String(fakes.paystack.refunds.at(-1)!.id),
      requestedByUserId: owner.user.id,
      requestedByApiKey: null,
      processedAt: null,
    });
    expect(await eventsOf(owner.merchant.id, "refund.processed")).toHaveLength(0);
    // transaction.refunded is still recorded when the refund is issued, naming our refund.
    const [issued] = await eventsOf(owner.merchant.id, "transaction.refunded");
    expect(issued!.payload).toMatchObject({
      id: t.id,
      refund: { id: row!.id, amount: 100_000, status: "pending", reason: "Damaged item", processorRefundId: row!.processorRefundId },
    });

    // Paystack's event, signed with the secret key, in its documented shape (no refund id).
    expect((await postWebhook("paystack", signed("refund.processed", paystackRefundData(t.reference, 100_000, "processed")))).status).toBe(200);
    const processed = await db.refund.findUniqueOrThrow({ where: { id: row!.id } });
    expect(processed).toMatchObject({ status: "processed", processedAt: expect.any(Date), processorRefundId: row!.processorRefundId });
    const events = await eventsOf(owner.merchant.id, "refund.processed");
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      id: row!.id,
      transactionId: t.id,
      reference: t.reference,
      amount: 100_000,
      status: "processed",
      reason: "Damaged item",
      failureReason: null,
      processorRefundId: row!.processorRefundId,
      createdAt: row!.createdAt.toISOString(),
      processedAt: processed.processedAt!.toISOString(),
    });
    expect(await transactionByReference(t.reference)).toMatchObject({ status: "REFUNDED", refundedAmount: 100_000n });
    expect(await outcomes(t.id, "refund.processed")).toEqual(["refund_processed"]);

    // The detail lists it from the table, with who asked; the timeline says it was refunded.
    const shown = await detail(owner, t.id);
    expect(shown.body.refunds).toEqual([
      expect.objectContaining({ id: row!.id, amount: 100_000, status: "processed", reason: "Damaged item", requestedBy: { type: "user", id: owner.user.id } }),
    ]);
    expect(shown.body.timeline).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "refunded", title: "Refunded ₦1,000.00", detail: "Damaged item" })]),
    );
  });

  it("records a secret key as the one who asked", async () => {
    const { owner, t } = await paidWithPaystack();
    expect((await refund(t.id, {}, owner.secretKey)).status).toBe(200);
    const key = await db.apiKey.findFirstOrThrow({ where: { merchantId: owner.merchant.id, environment: "test" } });
    expect(await refundsOf(t.id)).toEqual([expect.objectContaining({ amount: 250_000n, requestedByUserId: null, requestedByApiKey: key.id })]);
  });

  it("refund.failed marks it failed, gives the amount back (COMPLETED again) and records refund.failed", async () => {
    const { owner, t } = await paidWithPaystack();
    const res = await refund(t.id, {}, owner.token);
    const [row] = await refundsOf(t.id);
    expect(await transactionByReference(t.reference)).toMatchObject({ status: "REFUNDED", refundedAmount: 250_000n });

    // This time with Paystack's refund id.
    const failed = signed("refund.failed", paystackRefundData(t.reference, 250_000, "failed", { id: Number(row!.processorRefundId) }));
    expect((await postWebhook("paystack", failed)).status).toBe(200);
    expect(await db.refund.findUniqueOrThrow({ where: { id: res.body.refund.id } })).toMatchObject({
      status: "failed",
      failureReason: "Paystack reported the refund failed",
      processedAt: null,
    });
    expect(await transactionByReference(t.reference)).toMatchObject({ status: "COMPLETED", refundedAmount: 0n });
    const events = await eventsOf(owner.merchant.id, "refund.failed");
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ id: row!.id, status: "failed", amount: 250_000, failureReason: "Paystack reported the refund failed" });

    // The amount is refundable again; a late refund.processed for the failed one changes nothing.
    expect((await refund(t.id, {}, owner.token)).status).toBe(200);
    expect(await transactionByReference(t.reference)).toMatchObject({ status: "REFUNDED", refundedAmount: 250_000n });
    await postWebhook("paystack", signed("refund.processed", paystackRefundData(t.reference, 250_000, "processed", { id: Number(row!.processorRefundId) })));
    expect(await db.refund.findUniqueOrThrow({ where: { id: row!.id } })).toMatchObject({ status: "failed" });
    expect(await outcomes(t.id, "refund.processed")).toEqual(["already_settled"]);
  });

  it("a failed part gives back only its amount: the rest stays refunded", async () => {
    const { owner, t } = await paidWithPaystack();
    await refund(t.id, { amount: 100_000 }, owner.token);
    await refund(t.id, { amount: 50_000 }, owner.token);
    await postWebhook("paystack", signed("refund.failed", paystackRefundData(t.reference, 50_000, "failed")));
    expect((await refundsOf(t.id)).map((r) => [r.amount, r.status])).toEqual([
      [100_000n, "pending"],
      [50_000n, "failed"],
    ]);
    expect(await transactionByReference(t.reference)).toMatchObject({ status: "REFUNDED", refundedAmount: 100_000n });
  });

  it("duplicate and concurrent deliveries make one transition and one event", async () => {
    const { owner, t } = await paidWithPaystack();
    await refund(t.id, {}, owner.token);
    const [row] = await refundsOf(t.id);
    const same = signed("refund.processed", paystackRefundData(t.reference, 250_000, "processed"));
    const withId = signed("refund.processed", paystackRefundData(t.reference, 250_000, "processed", { id: Number(row!.processorRefundId) }));
    // Five copies of one delivery and, at the same time, the same news under another event id.
    const answers = await Promise.all([...Array.from({ length: 5 }, () => postWebhook("paystack", same)), postWebhook("paystack", withId)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await postWebhook("paystack", same)).toMatchObject({ status: 200 });

    expect(await db.refund.findUniqueOrThrow({ where: { id: row!.id } })).toMatchObject({ status: "processed" });
    expect(await eventsOf(owner.merchant.id, "refund.processed")).toHaveLength(1);
    // Stored once per event id: one moved the refund, the other found it moved.
    expect((await outcomes(t.id, "refund.processed")).sort()).toEqual(["already_settled", "refund_processed"]);
  });

  it("concurrent failures give the amount back once", async () => {
    const { owner, t } = await paidWithPaystack();
    await refund(t.id, { amount: 200_000 }, owner.token);
    const [row] = await refundsOf(t.id);
    const bodies = [
      signed("refund.failed", paystackRefundData(t.reference, 200_000, "failed")),
      signed("refund.failed", paystackRefundData(t.reference, 200_000, "failed", { id: Number(row!.processorRefundId) })),
      signed("refund.failed", paystackRefundData(t.reference, 200_000, "failed", { refund_reference: "TRF_other" })),
    ];
    await Promise.all(bodies.flatMap((b) => [postWebhook("paystack", b), postWebhook("paystack", b)]));
    expect(await transactionByReference(t.reference)).toMatchObject({ status: "COMPLETED", refundedAmount: 0n });
    expect(await eventsOf(owner.merchant.id, "refund.failed")).toHaveLength(1);
  });

  it("is found without an id among pending refunds of the same amount, oldest first; unknown ones are only recorded", async () => {
    const { owner, t } = await paidWithPaystack();
    await refund(t.id, { amount: 50_000 }, owner.token);
    await refund(t.id, { amount: 50_000 }, owner.token);
    await refund(t.id, { amount: 70_000 }, owner.token);
    await postWebhook("paystack", signed("refund.processed", paystackRefundData(t.reference, 50_000, "processed", { refund_reference: "TRF_a" })));
    expect((await refundsOf(t.id)).map((r) => r.status)).toEqual(["processed", "pending", "pending"]);
    await postWebhook("paystack", signed("refund.processed", paystackRefundData(t.reference, 50_000, "processed", { refund_reference: "TRF_b" })));
    expect((await refundsOf(t.id)).map((r) => r.status)).toEqual(["processed", "processed", "pending"]);

    // No refund of ours for that amount (made in Paystack's dashboard, say), and a pending notice: no change.
    await postWebhook("paystack", signed("refund.processed", paystackRefundData(t.reference, 12_345, "processed")));
    await postWebhook("paystack", signed("refund.pending", paystackRefundData(t.reference, 70_000, "pending")));
    expect((await refundsOf(t.id)).map((r) => r.status)).toEqual(["processed", "processed", "pending"]);
    expect(await outcomes(t.id, "refund.pending")).toEqual(["refund_pending"]);
    expect((await outcomes(t.id, "refund.processed")).at(-1)).toBe("unknown_refund");
    expect(await eventsOf(owner.merchant.id, "refund.processed")).toHaveLength(2);
  });

  it("a refund event signed with the other mode's key changes nothing", async () => {
    const { owner, t } = await paidWithPaystack();
    fakes.use("paystack", { PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey });
    await refund(t.id, {}, owner.token);
    const live = signed("refund.failed", paystackRefundData(t.reference, 250_000, "failed"), fakes.paystack.liveSecretKey);
    expect((await postWebhook("paystack", live)).status).toBe(200);
    expect(await outcomes(t.id, "refund.failed")).toEqual(["wrong_mode"]);
    expect(await transactionByReference(t.reference)).toMatchObject({ status: "REFUNDED", refundedAmount: 250_000n });
    expect((await refundsOf(t.id))[0]!.status).toBe("pending");
  });

  it("a refusal marks it failed and keeps nothing reserved (502)", async () => {
    const { owner, t } = await paidWithPaystack();
    fakes.paystack.mode = "error";
    const res = await refund(t.id, { amount: 10_000, reason: "Late delivery" }, owner.token);
    expect(res.status).toBe(502);
    expect(await refundsOf(t.id)).toEqual([
      expect.objectContaining({ status: "failed", amount: 10_000n, processorRefundId: null, failureReason: expect.any(String) }),
    ]);
    expect(await transactionByReference(t.reference)).toMatchObject({ status: "COMPLETED", refundedAmount: 0n });
    expect(await eventsOf(owner.merchant.id, "transaction.refunded")).toHaveLength(0);
    expect(await eventsOf(owner.merchant.id, "refund.failed")).toHaveLength(1);
  });
});

describe("a refund processed at once", () => {
  it("in the sandbox: processed with its answer, refund.processed recorded immediately", async () => {
    fakes.use("paystack", { PAYSTACK_SECRET_KEY: undefined }); // no Paystack test key: test payments go to the sandbox
    const owner = await createMerchantOwner();
    const { body } = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    await completeSandboxCheckout(body.accessCode, { method: "card", cardNumber: "4084084084084081" });
    await postWebhook("sandbox", sandboxEvent(body.reference));
    const t = await transactionByReference(body.reference);
    expect(t).toMatchObject({ processor: "sandbox", status: "COMPLETED" });

    const res = await refund(t.id, { amount: 100_000 }, owner.token);
    expect(res.body.refund).toEqual({ id: expect.any(String), amount: 100_000, status: "processed" });
    expect(await db.refund.findUniqueOrThrow({ where: { id: res.body.refund.id } })).toMatchObject({
      status: "processed",
      processedAt: expect.any(Date),
      processorRefundId: expect.stringMatching(/^sbx_rf_/),
    });
    const events = await eventsOf(owner.merchant.id, "refund.processed");
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ id: res.body.refund.id, status: "processed", amount: 100_000 })]);
  });

  it("with Flutterwave: its later refund.completed changes nothing, and a failure it reports is not acted on", async () => {
    fakes.use("flutterwave");
    const { owner, reference } = await pendingPayment();
    fakes.flutterwave.setOutcome(reference, "success");
    await postWebhook("flutterwave", flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(reference)));
    const t = await transactionByReference(reference);
    const res = await refund(t.id, { amount: 100_000 }, owner.token);
    expect(res.body.refund.status).toBe("processed");
    const row = await db.refund.findUniqueOrThrow({ where: { id: res.body.refund.id } });

    const completed = {
      id: Number(row.processorRefundId),
      AmountRefunded: 1000,
      status: "completed",
      FlwRef: "URF_1",
      TransactionId: Number(t.processorReference),
    };
    const post = (event: string, data: Record<string, unknown>) =>
      postWebhook("flutterwave", { body: JSON.stringify({ event, data }), headers: { "content-type": "application/json", "verif-hash": FLW_HASH } });
    expect((await post("refund.completed", completed)).status).toBe(200);
    expect((await post("refund.failed", { ...completed, status: "failed" })).status).toBe(200);
    expect(await outcomes(t.id, "refund.completed")).toEqual(["already_settled"]);
    // The hash does not cover the body: a reported failure would make the amount refundable again, so it waits for a human.
    expect(await outcomes(t.id, "refund.failed")).toEqual(["refund_not_confirmed"]);
    expect(await db.refund.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "processed" });
    expect(await transactionByReference(t.reference)).toMatchObject({ refundedAmount: 100_000n });
    expect(await eventsOf(owner.merchant.id, "refund.processed")).toHaveLength(1);
  });
});

it("an automatic refund has no one asking", async () => {
  const { t } = await paidWithPaystack();
  await refundTransaction(t, undefined, "Refunded automatically: one payment too many");
  expect(await refundsOf(t.id)).toEqual([
    expect.objectContaining({ requestedByUserId: null, requestedByApiKey: null, reason: "Refunded automatically: one payment too many" }),
  ]);
});

describe("the customer's refund e-mail", () => {
  it("waits until the processor has processed the refund (a pending one may still fail)", async () => {
    const { owner, t } = await paidWithPaystack();
    await deliverQueuedEmails();
    const since = new Date();
    expect((await refund(t.id, { amount: 100_000 }, owner.token)).status).toBe(200);
    await deliverQueuedEmails();
    const refundMails = () => db.storedEmail.count({ where: { to: t.customerEmail, subject: { contains: "refunded" }, createdAt: { gte: since } } });
    expect(await refundMails()).toBe(0);

    const [row] = await refundsOf(t.id);
    await postWebhook("paystack", signed("refund.processed", paystackRefundData(t.reference, 100_000, "processed", { id: Number(row!.processorRefundId) })));
    await deliverQueuedEmails();
    expect(await refundMails()).toBe(1);
  });
});
