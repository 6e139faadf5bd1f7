import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as verifyRoute from "@/app/api/transactions/[transactionId]/verify/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, transactionByReference } from "../helpers/payments";
import { apiError, validationError } from "../helpers/errors";
import { insertInvoice, insertLink } from "../helpers/rows";

const verify = (transactionId: string, token?: string) =>
  call(verifyRoute.GET, { path: `/api/transactions/${transactionId}/verify`, params: { transactionId }, token });

describe("POST /api/transactions/initiate", () => {
  it("creates a PENDING transaction and answers the processor's authorization URL", async () => {
    const owner = await createMerchantOwner();
    const res = await initiate(paymentBody(owner.merchant.id, { metadata: { orderId: 42 } }), { key: owner.secretKey });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: expect.any(String), status: "PENDING", amount: 250_000, currency: "NGN" });
    expect(res.body.reference).toMatch(/^TXN-\d{13}-[0-9a-z]{8}$/);
    expect(res.body.authorizationUrl).toBe(`http://localhost:3000/checkout/sandbox/${res.body.accessCode}`);
    const row = await transactionByReference(res.body.reference);
    expect(row).toMatchObject({
      id: res.body.transactionId,
      status: "PENDING",
      amount: 250_000n,
      customerName: "Chidi Okafor",
      processor: "sandbox",
      metadata: { orderId: 42 },
    });
  });

  it("builds the reference on a merchant's base reference and keeps the base", async () => {
    const owner = await createMerchantOwner();
    const res = await initiate(paymentBody(owner.merchant.id, { reference: "order_42" }), { key: owner.secretKey });
    expect(res.body.reference).toMatch(/^order_42-\d{13}-[0-9a-z]{8}$/);
    expect((await transactionByReference(res.body.reference)).baseReference).toBe("order_42");
  });

  it("gives unique references to many payments started at once", async () => {
    const owner = await createMerchantOwner();
    const results = await Promise.all(Array.from({ length: 20 }, () => initiate(paymentBody(owner.merchant.id), { key: owner.secretKey })));
    expect(new Set(results.map((r) => r.body.reference)).size).toBe(20);
  });

  it("accepts a call with no credentials (spec rule 3), for the hosted pages", async () => {
    const owner = await createMerchantOwner();
    expect((await initiate(paymentBody(owner.merchant.id))).status).toBe(201);
  });

  it.each([
    [{ amount: 4_999 }, "amount"],
    [{ amount: 5_000.5 }, "amount"],
    [{ amount: "5000" }, "amount"],
    [{ email: "nope" }, "email"],
    [{ channel: "crypto" }, "channel"],
    [{ callbackUrl: "not a url" }, "callbackUrl"],
    [{ paymentLinkId: "123" }, "paymentLinkId"],
    [{ merchantId: "not-a-uuid" }, "merchantId"],
    [{ metadata: "x" }, "metadata"],
  ])("answers 400 Validation failed for %j and stores nothing", async (change, field) => {
    const owner = await createMerchantOwner();
    const res = await initiate({ ...paymentBody(owner.merchant.id), ...change }, { key: owner.secretKey });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("takes the merchant from the secret key when merchantId is left out; without a key it is required", async () => {
    const owner = await createMerchantOwner();
    const { merchantId: _omitted, ...body } = paymentBody(owner.merchant.id);
    const withKey = await initiate(body, { key: owner.secretKey });
    expect(withKey.status).toBe(201);
    expect((await transactionByReference(withKey.body.reference)).merchantId).toBe(owner.merchant.id);

    const withoutKey = await initiate(body);
    expect(withoutKey.status).toBe(400);
    expect(withoutKey.body).toEqual(validationError("merchantId", "merchantId is required"));
    const upperCase = await initiate(paymentBody(owner.merchant.id.toUpperCase()), { key: owner.secretKey });
    expect(upperCase.status).toBe(201);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(2);
  });

  it("answers 404 Merchant not found for an unknown merchant or another merchant's key", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    const unknown = await initiate(paymentBody("00000000-0000-4000-8000-000000000000"));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(apiError({ message: "Merchant not found", code: "resource_missing", param: "merchantId" }));
    expect((await initiate(paymentBody(owner.merchant.id), { key: other.secretKey })).status).toBe(404);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("answers 401 for an invalid secret key", async () => {
    const owner = await createMerchantOwner();
    expect((await initiate(paymentBody(owner.merchant.id), { key: "sk_test_" + "x".repeat(40) })).status).toBe(401);
  });

  it("replays the first answer for a repeated Idempotency-Key, and refuses it for another body", async () => {
    const owner = await createMerchantOwner();
    const headers = { "idempotency-key": "order-7-attempt-1" };
    const first = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
    const again = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(1);

    const different = await initiate(paymentBody(owner.merchant.id, { amount: 999_999 }), { key: owner.secretKey, headers });
    expect(different.status).toBe(422);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(1);
  });

  it("makes a fixed-price payment link's amount the only amount, and refuses inactive links", async () => {
    const owner = await createMerchantOwner();
    const link = await insertLink({ merchantId: owner.merchant.id, title: "Ankara fabric", amount: 1_500_000n });
    const cheaper = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id, amount: 5_000 }));
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.errors).toEqual([{ field: "amount", message: "Amount must be 1500000 kobo for this payment link" }]);
    expect((await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id, amount: 1_500_000 }))).status).toBe(201);

    await db.paymentLink.update({ where: { id: link.id }, data: { isActive: false } });
    const inactive = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id, amount: 1_500_000 }));
    expect(inactive.status).toBe(404);
    expect(inactive.body).toEqual(apiError({ message: "Payment link not found or is inactive", code: "link_inactive", param: "paymentLinkId" }));

    const stranger = await createMerchantOwner();
    const foreign = await initiate(paymentBody(stranger.merchant.id, { paymentLinkId: link.id, amount: 1_500_000 }));
    expect(foreign.status).toBe(404);
  });

  it("makes an invoice's total the only amount, and refuses paid invoices", async () => {
    const owner = await createMerchantOwner();
    const invoice = await insertInvoice({ merchantId: owner.merchant.id, amount: 700_000n, status: "SENT" });
    expect((await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: 600_000 }))).status).toBe(400);
    expect((await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: 700_000 }))).status).toBe(201);
    await db.invoice.update({ where: { id: invoice.id }, data: { status: "PAID" } });
    const paid = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: 700_000 }));
    expect(paid.status).toBe(400);
    expect(paid.body.message).toBe("This invoice has already been paid");
  });
});

describe("GET /api/transactions/:transactionId/verify", () => {
  it("returns the transaction by id or reference to its merchant's key and users, with no side effects", async () => {
    const owner = await createMerchantOwner();
    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    const before = await transactionByReference(started.body.reference);
    for (const [id, token] of [
      [started.body.transactionId, owner.secretKey],
      [started.body.reference, owner.token],
    ] as const) {
      const res = await verify(id, token);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("success");
      expect(res.body.data).toMatchObject({
        id: before.id,
        reference: before.reference,
        amount: 250_000,
        fee: 0,
        currency: "NGN",
        status: "PENDING",
        customerEmail: "customer@example.com",
        completedAt: null,
      });
      expect(Object.keys(res.body.data)).toEqual(
        expect.arrayContaining(["paymentMethod", "customerName", "description", "metadata", "createdAt", "updatedAt"]),
      );
    }
    expect((await transactionByReference(started.body.reference)).updatedAt).toEqual(before.updatedAt);
  });

  it("answers 400 for a malformed id, 404 for unknown or another merchant's, 401 without credentials", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });

    const malformed = await verify("not an id!", owner.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Invalid transaction ID format");
    expect((await verify("00000000-0000-4000-8000-000000000000", owner.token)).status).toBe(404);
    expect((await verify("TXN-1700000000000-abcdefgh", owner.token)).status).toBe(404);
    expect((await verify(started.body.transactionId, stranger.token)).status).toBe(404);
    expect((await verify(started.body.transactionId, stranger.secretKey)).status).toBe(404);
    expect((await verify(started.body.transactionId)).status).toBe(401);
    expect((await verify(started.body.transactionId, "garbage-token")).status).toBe(401);
  });
});
