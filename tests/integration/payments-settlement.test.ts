import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { reconcilePending } from "@/lib/payments/reconcile";
import { CHECKOUT_HOLD_MS } from "@/lib/payments/holds";
import * as eventsRoute from "@/app/api/events/route";
import * as devReconcileRoute from "@/app/api/dev/reconcile/route";
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

const HOUR = 60 * 60 * 1000;
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

  it("leaves an open payment alone within its 30-minute expiry, then asks the processor and marks it ABANDONED", async () => {
    const { owner, reference, id } = await started();
    await age(reference, 20 * 60 * 1000);
    expect((await reconcilePending()).outcomes).toEqual({ ignored: 1 });
    expect((await transactionByReference(reference)).status).toBe("PENDING");

    await age(reference, CHECKOUT_HOLD_MS + 60_000);
    expect((await reconcilePending()).outcomes).toEqual({ abandoned: 1 });
    expect(await transactionByReference(reference)).toMatchObject({ status: "ABANDONED", failureReason: expect.stringMatching(/Abandoned/) });
    // Its own event, written with the change, and in the events API in the webhook envelope.
    const events = await db.event.findMany({ where: { merchantId: owner.merchant.id, type: "transaction.abandoned" } });
    expect(events.map((e) => e.payload as { id: string; status: string }).map((p) => [p.id, p.status])).toEqual([[id, "ABANDONED"]]);
    const listed = await call(eventsRoute.GET, { path: "/api/events?type=transaction.abandoned", token: owner.secretKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ type: "transaction.abandoned", data: expect.objectContaining({ id, status: "ABANDONED" }) })]);
    // Settled: the next pass does not ask again.
    expect((await reconcilePending()).checked).toBe(0);
  });

  it("never abandons by time alone: one paid at the processor completes instead", async () => {
    const paid = await started();
    // Paid at the processor, its webhook lost: past the expiry the verification completes it.
    await completeSandboxCheckout(paid.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
    await age(paid.reference, CHECKOUT_HOLD_MS + 60_000);
    expect((await reconcilePending()).outcomes).toEqual({ completed: 1 });
    expect((await transactionByReference(paid.reference)).status).toBe("COMPLETED");
    expect(await db.event.count({ where: { merchantId: paid.owner.merchant.id, type: "transaction.abandoned" } })).toBe(0);
  });

  it("completes an ABANDONED checkout that the processor later reports paid, exactly once", async () => {
    const { owner, reference, accessCode } = await started();
    await age(reference, CHECKOUT_HOLD_MS + 60_000);
    await reconcilePending();
    expect((await transactionByReference(reference)).status).toBe("ABANDONED");

    // The customer comes back to the open checkout and pays: money received is never lost.
    await completeSandboxCheckout(accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
    expect((await postWebhook("sandbox", sandboxEvent(reference))).status).toBe(200);
    expect(await transactionByReference(reference)).toMatchObject({ status: "COMPLETED", failureReason: null, paymentMethod: "CARD" });
    await postWebhook("sandbox", sandboxEvent(reference));
    expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.completed" } })).toBe(1);
  });

  it("asks once more a day later, so a late payment whose webhook was lost still completes, and an unpaid one is left alone after", async () => {
    const late = await started();
    const unpaid = await started();
    for (const { reference } of [late, unpaid]) await age(reference, CHECKOUT_HOLD_MS + 60_000);
    expect((await reconcilePending()).outcomes).toEqual({ abandoned: 2 });
    // The customer pays at the checkout they left open; the processor's webhook never arrives.
    await completeSandboxCheckout(late.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
    // A day on (abandoned in their first day, not asked about since).
    const dayOld = (reference: string) =>
      db.transaction.update({ where: { reference }, data: { createdAt: new Date(Date.now() - 25 * HOUR), updatedAt: new Date(Date.now() - 24 * HOUR) } });
    await Promise.all([dayOld(late.reference), dayOld(unpaid.reference)]);

    expect((await reconcilePending()).outcomes).toEqual({ abandoned_recheck_completed: 1, abandoned_recheck_already_settled: 1 });
    expect(await transactionByReference(late.reference)).toMatchObject({ status: "COMPLETED", paymentMethod: "CARD" });
    expect(await db.event.count({ where: { merchantId: late.owner.merchant.id, type: "transaction.completed" } })).toBe(1);
    expect((await transactionByReference(unpaid.reference)).status).toBe("ABANDONED");
    // Each is asked about once: the next pass asks nobody.
    expect((await reconcilePending()).outcomes).toEqual({});
  });

  it("runs through POST /api/dev/reconcile with a moved clock (the browser tests' trigger)", async () => {
    const { reference } = await started();
    const run = (asOf: Date) => call(devReconcileRoute.POST, { path: "/api/dev/reconcile", body: { asOf: asOf.toISOString() } });
    const soon = await run(new Date(Date.now() + 15 * 60 * 1000));
    expect(soon.status).toBe(200);
    expect((await transactionByReference(reference)).status).toBe("PENDING");
    const later = await run(new Date(Date.now() + CHECKOUT_HOLD_MS + 60_000));
    expect(later.body.result.outcomes).toMatchObject({ abandoned: 1 });
    expect((await transactionByReference(reference)).status).toBe("ABANDONED");
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
    // The net amount is what the merchant keeps: amount less both fees and what was refunded.
    const { fee, platformFee } = first.body.transaction as { fee: number; platformFee: number };
    expect(first.body.transaction.netAmount).toBe(250_000 - fee - platformFee - 100_000);
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
