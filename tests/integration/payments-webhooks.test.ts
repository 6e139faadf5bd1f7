import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, pendingPayment, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";
import { insertInvoice, insertLink } from "../helpers/rows";

const eventsOf = (reference: string) => db.processorEvent.findMany({ where: { transaction: { reference } } });
const outboxOf = (merchantId: string, type?: string) => db.event.findMany({ where: { merchantId, ...(type ? { type } : {}) } });

describe("POST /api/transactions/webhooks/:processor", () => {
  it("completes the transaction from an authenticated success event and acknowledges in plain text", async () => {
    const { owner, reference } = await pendingPayment();
    const res = await postWebhook("sandbox", sandboxEvent(reference, { channel: "bank_transfer" }));

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.text).toBe("Webhook received");
    const t = await transactionByReference(reference);
    expect(t).toMatchObject({ status: "COMPLETED", fee: 3_750n, paymentMethod: "BANK_TRANSFER" });
    expect(t.completedAt).toBeInstanceOf(Date);

    const events = await outboxOf(owner.merchant.id);
    expect(events.map((e) => e.type)).toEqual(["transaction.completed"]);
    expect(events[0]!.payload).toMatchObject({ reference, status: "COMPLETED", amount: 250_000 });
    expect(await db.processorEvent.count({ where: { transactionId: t.id } })).toBe(1);
  });

  it("answers 401 to a bad signature and changes nothing", async () => {
    const { reference } = await pendingPayment();
    const event = sandboxEvent(reference);
    for (const headers of [{ ...event.headers, "x-sandbox-signature": "0".repeat(128) }, { "content-type": "application/json" }]) {
      const res = await postWebhook("sandbox", { body: event.body, headers });
      expect(res.status).toBe(401);
    }
    // A body changed after signing is refused too.
    const tampered = await postWebhook("sandbox", { body: event.body.replace("250000", "250001"), headers: event.headers });
    expect(tampered.status).toBe(401);
    expect((await transactionByReference(reference)).status).toBe("PENDING");
    expect(await eventsOf(reference)).toHaveLength(0);
  });

  it("answers 404 for an unknown processor and 401 for one that is not configured here", async () => {
    const { reference } = await pendingPayment();
    expect((await postWebhook("stripe", sandboxEvent(reference))).status).toBe(404);
    expect((await postWebhook("paystack", sandboxEvent(reference))).status).toBe(401);
  });

  it("stores a repeated event once and completes once", async () => {
    const { owner, reference } = await pendingPayment();
    const event = sandboxEvent(reference);
    for (let i = 0; i < 3; i++) expect((await postWebhook("sandbox", event)).status).toBe(200);
    expect(await eventsOf(reference)).toHaveLength(1);
    expect(await outboxOf(owner.merchant.id, "transaction.completed")).toHaveLength(1);
  });

  it("gives exactly one completion and one outbox event for 50 concurrent deliveries", async () => {
    const { owner, reference } = await pendingPayment();
    const event = sandboxEvent(reference);
    const results = await Promise.all(Array.from({ length: 50 }, () => postWebhook("sandbox", event)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await transactionByReference(reference)).status).toBe("COMPLETED");
    expect(await outboxOf(owner.merchant.id, "transaction.completed")).toHaveLength(1);
    expect(await eventsOf(reference)).toHaveLength(1);
  });

  it("completes once even when different events for one charge race", async () => {
    const { owner, reference } = await pendingPayment();
    const events = Array.from({ length: 10 }, (_, i) => sandboxEvent(reference, { id: `ch_${i}` }));
    await Promise.all(events.map((e) => postWebhook("sandbox", e)));
    expect(await outboxOf(owner.merchant.id, "transaction.completed")).toHaveLength(1);
    expect(await eventsOf(reference)).toHaveLength(10);
  });

  it.each([
    [{ amount: 5_000 }, /Amount mismatch/],
    [{ currency: "USD" }, /Currency mismatch/],
  ])("records and flags a success event with %j, never completing", async (change, reason) => {
    const { owner, reference } = await pendingPayment();
    expect((await postWebhook("sandbox", sandboxEvent(reference, change))).status).toBe(200);
    const t = await transactionByReference(reference);
    expect(t.status).toBe("PENDING");
    expect(t.flaggedReason).toMatch(reason);
    expect((await eventsOf(reference)).map((e) => e.outcome)).toEqual(["mismatch"]);
    expect(await outboxOf(owner.merchant.id)).toHaveLength(0);
  });

  it("fails the transaction on a failure event; a later success cannot revive it", async () => {
    const { owner, reference } = await pendingPayment();
    await postWebhook("sandbox", sandboxEvent(reference, { gateway_response: "Insufficient funds" }, "charge.failed"));
    expect(await transactionByReference(reference)).toMatchObject({ status: "FAILED", failureReason: "Insufficient funds" });
    expect((await outboxOf(owner.merchant.id)).map((e) => e.type)).toEqual(["transaction.failed"]);

    await postWebhook("sandbox", sandboxEvent(reference, { id: "later" }));
    expect((await transactionByReference(reference)).status).toBe("FAILED");
    expect(await outboxOf(owner.merchant.id, "transaction.completed")).toHaveLength(0);
  });

  it("acknowledges events for unknown references without changing anything", async () => {
    const res = await postWebhook("sandbox", sandboxEvent("TXN-1700000000000-zzzzzzzz"));
    expect(res.status).toBe(200);
    const stored = await db.processorEvent.findFirstOrThrow({ where: { externalId: "charge.success:ch_TXN-1700000000000-zzzzzzzz" } });
    expect(stored).toMatchObject({ outcome: "unknown_transaction", transactionId: null });
  });

  it("answers 400 for an authenticated body that is not a processor event", async () => {
    const { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } = await import("@/lib/processors/sandbox");
    const body = "not json";
    const res = await postWebhook("sandbox", { body, headers: { [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body) } });
    expect(res.status).toBe(400);
  });
});

describe("completion effects", () => {
  it("closes a single-use payment link after its payment, in the same transaction", async () => {
    const owner = await createMerchantOwner();
    const link = await insertLink({ merchantId: owner.merchant.id, title: "Consultation", amount: 250_000n });
    const res = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id }));
    await postWebhook("sandbox", sandboxEvent(res.body.reference));
    expect(await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ isActive: false, completedPayments: 1 });
  });

  it("keeps a reusable link open until its cap of completed payments", async () => {
    const owner = await createMerchantOwner();
    const link = await insertLink({ merchantId: owner.merchant.id, title: "Tickets", isReusable: true, maxPayments: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id }));
      await postWebhook("sandbox", sandboxEvent(res.body.reference));
      expect((await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } })).isActive).toBe(i === 0);
    }
  });

  it("marks the invoice PAID with paidAt and writes invoice.paid", async () => {
    const owner = await createMerchantOwner();
    const invoice = await insertInvoice({ merchantId: owner.merchant.id, amount: 250_000n, status: "SENT" });
    const res = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id }));
    await postWebhook("sandbox", sandboxEvent(res.body.reference));
    const paid = await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(paid.status).toBe("PAID");
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect((await outboxOf(owner.merchant.id)).map((e) => e.type).sort()).toEqual(["invoice.paid", "transaction.completed"]);
  });
});
