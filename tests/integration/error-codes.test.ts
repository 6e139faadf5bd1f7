// Errors an integration can act on: each cause answers its own `code` (not one per status), `param`
// names the field at fault, the body carries the request id (the x-request-id header) and a docUrl
// whose anchor exists on /docs/errors, and an idempotent replay of an error answers the first body
// byte for byte. Status codes and messages stay as they were.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { ERROR_CODE_LIST } from "@/lib/api/error-codes";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import * as transactionsRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as invoiceRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/route";
import * as sendRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/send/route";
import * as voidRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/void/route";
import * as catalogueRoute from "@/app/docs/errors/route";
import { call, type CallResult } from "../helpers/api";
import { createMerchantOwner, uniqueEmail } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";
import { insertLink } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

let owner: Owner;
let catalogue: string;

beforeAll(async () => {
  owner = await createMerchantOwner();
  catalogue = await catalogueRoute.GET().text();
});

/** The error's code and param, after checking what every error body carries. */
function expectError(res: CallResult, status: number, code: string, param?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.param).toBe(param);
  expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
  const docUrl = new URL(res.body.docUrl);
  expect(docUrl.pathname).toBe("/docs/errors");
  expect(docUrl.hash).toBe(`#${code}`);
  expect(catalogue).toContain(`<section id="${code}"`);
}

const refund = (id: string, body: unknown) =>
  call(refundRoute.POST, { path: `/api/transactions/${id}/refund`, params: { transactionId: id }, body, token: owner.secretKey });

async function paid(amount = 250_000) {
  const { body } = await initiate(paymentBody(owner.merchant.id, { amount }), { key: owner.secretKey });
  await completeSandboxCheckout(body.accessCode, { method: "card", cardNumber: "4084084084084081" });
  await postWebhook("sandbox", sandboxEvent(body.reference, { amount }));
  const t = await transactionByReference(body.reference);
  expect(t.status).toBe("COMPLETED");
  return t;
}

describe("refunds", () => {
  it("over-refund, not completed, fully refunded and pending each answer their own code, changing nothing", async () => {
    const t = await paid();
    expectError(await refund(t.id, { amount: 250_001 }), 400, "amount_exceeds_refundable", "amount");
    expect((await refund(t.id, { amount: 250_001 })).body.errors).toEqual([{ field: "amount", message: "Refund amount must be at most 250000 kobo" }]);

    const { body: open } = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    const pendingTransaction = await transactionByReference(open.reference);
    const notCompleted = await refund(pendingTransaction.id, {});
    expectError(notCompleted, 400, "transaction_not_completed");
    expect(notCompleted.body.message).toBe("Only completed transactions can be refunded");

    expect((await refund(t.id, {})).status).toBe(200);
    const full = await refund(t.id, { amount: 100 });
    expectError(full, 400, "transaction_fully_refunded");
    expect(full.body.message).toBe("This transaction has been fully refunded");

    // The whole amount held by a refund the processor has not finished (Paystack answers "pending").
    const held = await paid();
    await db.transaction.update({ where: { id: held.id }, data: { refundedAmount: held.amount, status: "REFUNDED" } });
    await db.refund.create({ data: { transactionId: held.id, merchantId: owner.merchant.id, environment: "test", amount: held.amount, status: "pending" } });
    expectError(await refund(held.id, {}), 400, "refund_pending");
    expect(await db.refund.count({ where: { transactionId: held.id } })).toBe(1);
  });

  it("another merchant's transaction is resource_missing with param id", async () => {
    const stranger = await createMerchantOwner();
    const { body } = await initiate(paymentBody(stranger.merchant.id), { key: stranger.secretKey });
    const theirs = await transactionByReference(body.reference);
    expectError(await refund(theirs.id, {}), 404, "resource_missing", "id");
  });
});

describe("lists and idempotency", () => {
  it("a cursor no list gave answers invalid_cursor with param cursor", async () => {
    const res = await call(transactionsRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/transactions?cursor=bm90LWEtY3Vyc29y`,
      params: { merchantId: owner.merchant.id },
      token: owner.secretKey,
    });
    expectError(res, 400, "invalid_cursor", "cursor");
    expect(res.body.message).toBe("Invalid cursor");
  });

  it("a key reused with another body is 422 idempotency_key_reused; one still running is 409 idempotency_key_in_progress", async () => {
    const headers = { "idempotency-key": `codes-${Date.now()}` };
    expect((await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers })).status).toBe(201);
    expectError(await initiate(paymentBody(owner.merchant.id, { amount: 300_000 }), { key: owner.secretKey, headers }), 422, "idempotency_key_reused");

    // The first request of a key, still under way (no answer stored yet).
    await db.idempotencyKey.updateMany({ where: { key: headers["idempotency-key"] }, data: { responseStatus: null } });
    const running = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
    expectError(running, 409, "idempotency_key_in_progress");
    expect(running.body.message).toBe("A request with this Idempotency-Key is still in progress; retry shortly");
  });

  it("a replayed error answers the first body byte for byte, code, param and first requestId included", async () => {
    const link = await insertLink({ merchantId: owner.merchant.id, title: "Fixed", amount: 1_500_000n });
    const headers = { "idempotency-key": `replay-${Date.now()}` };
    const body = paymentBody(owner.merchant.id, { paymentLinkId: link.id, amount: 5_000 });
    const first = await initiate(body, { key: owner.secretKey, headers });
    expectError(first, 400, "amount_fixed", "amount");
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const again = await initiate(body, { key: owner.secretKey, headers });
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(again.body).toMatchObject({ code: "amount_fixed", param: "amount", requestId: first.headers.get("x-request-id") });
    // The header is the replay's own id: the body says which request first answered.
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });
});

describe("payment links and invoices", () => {
  it("an inactive link, a used-up link and another merchant's link each say why", async () => {
    const make = (data: { isActive?: boolean; isReusable?: boolean; completedPayments?: number }) =>
      insertLink({ merchantId: owner.merchant.id, title: "L", ...data });
    const pay = (paymentLinkId: string) => initiate(paymentBody(owner.merchant.id, { paymentLinkId }), { key: owner.secretKey });
    for (const [link, code] of [
      [await make({ isActive: false }), "link_inactive"],
      [await make({ isReusable: false, completedPayments: 1 }), "link_cap_reached"],
    ] as const) {
      const res = await pay(link.id);
      expectError(res, 404, code, "paymentLinkId");
      expect(res.body.message).toBe("Payment link not found or is inactive");
    }
    expectError(await pay("00000000-0000-4000-8000-000000000000"), 404, "resource_missing", "paymentLinkId");
  });

  it("an invoice already paid, voided, not sent or not editable answers its code, at the status it had", async () => {
    const base = (id: string) => ({
      path: `/api/merchants/${owner.merchant.id}/invoices/${id}`,
      params: { merchantId: owner.merchant.id, invoiceId: id },
      token: owner.token,
    });
    const create = async () => {
      const res = await call(invoicesRoute.POST, {
        path: `/api/merchants/${owner.merchant.id}/invoices`,
        params: { merchantId: owner.merchant.id },
        token: owner.token,
        body: { customerEmail: uniqueEmail("buyer"), lineItems: [{ description: "Work", amount: 100_000, quantity: 1 }] },
      });
      expect(res.status).toBe(201);
      return res.body.invoice.id as string;
    };
    const send = (id: string) => call(sendRoute.POST, { ...base(id), method: "POST", path: `${base(id).path}/send` });
    const pay = (invoiceId: string) => initiate(paymentBody(owner.merchant.id, { invoiceId, amount: 100_000 }), { key: owner.secretKey });

    const draft = await create();
    expectError(await pay(draft), 400, "invoice_not_sent");
    expect((await send(draft)).status).toBe(200);
    const edit = await call(invoiceRoute.PATCH, { ...base(draft), method: "PATCH", body: { customerName: "Ada" } });
    expectError(edit, 409, "invoice_not_editable");
    expect(edit.body.message).toBe("Only draft invoices can be edited");

    await db.invoice.update({ where: { id: draft }, data: { status: "PAID", amountPaid: 100_000n, paidAt: new Date() } });
    const resend = await send(draft);
    expectError(resend, 409, "invoice_already_paid");
    expect(resend.body.message).toBe("This invoice has already been paid");
    expectError(await pay(draft), 400, "invoice_already_paid");

    const voided = await create();
    expect((await call(voidRoute.POST, { ...base(voided), method: "POST", path: `${base(voided).path}/void` })).status).toBe(200);
    expectError(await send(voided), 409, "invoice_voided");
    expectError(await pay(voided), 400, "invoice_voided");
    expectError(await call(invoiceRoute.GET, base("00000000-0000-4000-8000-000000000000")), 404, "resource_missing", "id");
  });
});

describe("credentials and validation", () => {
  it("an unknown secret key is invalid_api_key; a single bad field names its param", async () => {
    expectError(await initiate(paymentBody(owner.merchant.id), { key: `sk_test_${"0".repeat(40)}` }), 401, "invalid_api_key");
    const { merchantId: _omitted, ...body } = paymentBody(owner.merchant.id);
    const res = await initiate(body);
    expectError(res, 400, "validation_failed", "merchantId");
    expect(res.body.errors).toEqual([{ field: "merchantId", message: "merchantId is required" }]);
  });
});

describe("the catalogue at /docs/errors", () => {
  it("lists every code once, with an anchor, a status, a meaning and what to do, under headings", async () => {
    const res = catalogueRoute.GET();
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(catalogue).toMatch(/<html lang="en">/);
    expect(catalogue).toContain('<meta name="viewport"');
    expect(catalogue).toMatch(/<h1>Error codes<\/h1>/);
    for (const code of ERROR_CODE_LIST) {
      expect(catalogue.split(`<section id="${code}"`).length - 1, code).toBe(1);
    }
    expect(catalogue.match(/<dt>What to do<\/dt>/g)).toHaveLength(ERROR_CODE_LIST.length);
    expect(catalogue).not.toMatch(/<script/);
  });
});
