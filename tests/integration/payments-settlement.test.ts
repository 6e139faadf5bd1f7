import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { reconcilePending } from "@/lib/payments/reconcile";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";

async function started(amount = 250_000) {
  const owner = await createMerchantOwner();
  const res = await initiate(paymentBody(owner.merchant.id, { amount }), { key: owner.secretKey });
  return { owner, reference: res.body.reference as string, accessCode: res.body.accessCode as string, id: res.body.transactionId as string };
}

const age = (reference: string, ms: number) => db.transaction.update({ where: { reference }, data: { createdAt: new Date(Date.now() - ms) } });

describe("reconciliation", () => {
  it("settles a payment whose webhook was lost, from the processor's own record", async () => {
    const { owner, reference, accessCode } = await started();
    // The customer paid, but the notification never arrived (the sandbox posts to APP_URL, which no server answers here).
    await completeSandboxCheckout(accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
    expect((await transactionByReference(reference)).status).toBe("PENDING");

    expect((await reconcilePending()).checked).toBe(0); // too recent to ask about
    await age(reference, 11 * 60 * 1000);
    const result = await reconcilePending();
    expect(result).toEqual({ checked: 1, outcomes: { completed: 1 } });
    expect(await transactionByReference(reference)).toMatchObject({ status: "COMPLETED", paymentMethod: "CARD", fee: 13_750n }); // 1.5% + ₦100 on ₦2,500
    expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.completed" } })).toBe(1);

    // A late webhook after reconciliation changes nothing.
    await postWebhook("sandbox", sandboxEvent(reference));
    expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.completed" } })).toBe(1);
  });

  it("leaves a recent open payment alone and cancels one abandoned for a day", async () => {
    const { reference } = await started();
    await age(reference, 30 * 60 * 1000);
    expect((await reconcilePending()).outcomes).toEqual({ ignored: 1 });
    expect((await transactionByReference(reference)).status).toBe("PENDING");

    await age(reference, 25 * 60 * 60 * 1000);
    expect((await reconcilePending()).outcomes).toEqual({ cancelled: 1 });
    expect(await transactionByReference(reference)).toMatchObject({ status: "CANCELLED", failureReason: expect.stringMatching(/Abandoned/) });
  });

  it("cancels at once when the customer cancels on the checkout", async () => {
    const { reference, accessCode } = await started();
    await completeSandboxCheckout(accessCode, { method: "cancel" });
    expect(await transactionByReference(reference)).toMatchObject({ status: "CANCELLED" });
  });
});

describe("POST /api/transactions/:id/refund", () => {
  const refund = (id: string, body: unknown, token?: string, headers?: Record<string, string>) =>
    call(refundRoute.POST, { path: `/api/transactions/${id}/refund`, params: { transactionId: id }, body, token, headers });

  /** Paid on the sandbox checkout, then notified (the checkout's own webhook has no server to reach here). */
  async function completed() {
    const payment = await started();
    await completeSandboxCheckout(payment.accessCode, { method: "card", cardNumber: "4084084084084081" });
    await postWebhook("sandbox", sandboxEvent(payment.reference));
    return payment;
  }

  it("refunds in parts up to the amount paid, then refuses", async () => {
    const { owner, id } = await completed();
    const first = await refund(id, { amount: 100_000, reason: "Damaged item" }, owner.token);
    expect(first.status).toBe(200);
    expect(first.body.transaction).toMatchObject({ status: "REFUNDED", refundedAmount: 100_000 });
    expect((await refund(id, {}, owner.secretKey)).body.transaction.refundedAmount).toBe(250_000);
    const over = await refund(id, { amount: 1 }, owner.token);
    expect(over.status).toBe(400);
    expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.refunded" } })).toBe(2);
  });

  it("never refunds more than was paid, even when refunds race", async () => {
    const { owner, id } = await completed();
    const results = await Promise.all(Array.from({ length: 5 }, () => refund(id, { amount: 100_000 }, owner.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect((await db.transaction.findUniqueOrThrow({ where: { id } })).refundedAmount).toBe(200_000n);
  });

  it("refuses pending transactions, other merchants and viewers", async () => {
    const pending = await started();
    expect((await refund(pending.id, {}, pending.owner.token)).status).toBe(400);

    const { owner, id } = await completed();
    const stranger = await createMerchantOwner();
    expect((await refund(id, {}, stranger.token)).status).toBe(404);
    await db.membership.create({ data: { userId: stranger.user.id, merchantId: owner.merchant.id, role: "VIEWER" } });
    expect((await refund(id, {}, stranger.token)).status).toBe(403);
    expect((await db.transaction.findUniqueOrThrow({ where: { id } })).refundedAmount).toBe(0n);
  });
});
