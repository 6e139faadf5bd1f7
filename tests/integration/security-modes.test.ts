// Issue 13, finding 1: a payment's mode agrees with everything it touches. A test key never pays,
// reads or refunds a live object (and the reverse): the other mode's objects answer 404, exactly
// like another merchant's.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { createLink } from "@/lib/links/service";
import { createInvoice } from "@/lib/invoices/service";
import { startInvoiceCheckout } from "@/lib/invoices/checkout";
import { startLinkCheckout } from "@/lib/links/checkout";
import * as verifyRoute from "@/app/api/transactions/[transactionId]/verify/route";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import * as invoicePdfRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/pdf/route";
import { call } from "../helpers/api";
import { createMerchantOwner, readyForLive, setView } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { insertTransaction } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
let owner: Owner;
let liveKey: string;
let liveLink: { id: string; slug: string };
let liveSingleUseLink: { id: string };
let liveInvoice: { id: string; amount: bigint };
let liveTransactionId: string;

beforeAll(async () => {
  owner = await createMerchantOwner();
  await readyForLive(owner.merchant.id);
  liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
  const live = { merchantId: owner.merchant.id, environment: "live" as const };
  liveLink = await createLink(live, { title: "Live cake", amount: 250_000, isReusable: true });
  liveSingleUseLink = await createLink(live, { title: "Live one-off", amount: 250_000, isReusable: false });
  liveInvoice = await createInvoice(live, {
    customerEmail: "buyer@example.com",
    lineItems: [{ description: "Cake", amount: 250_000, quantity: 1 }],
    status: "SENT",
  });
  // A live transaction, as a live processor would have left it (the sandbox takes test payments only).
  const live_ = await insertTransaction({
    merchantId: owner.merchant.id,
    environment: "live",
    reference: `TXN-${Date.now()}-live1`,
    amount: 250_000n,
    customerEmail: "buyer@example.com",
    processor: "paystack",
    status: "COMPLETED",
    completedAt: new Date(),
  });
  liveTransactionId = live_.id;
});

describe("a test key never reaches a live object", () => {
  it("refuses to pay a live invoice with a test key: 404, nothing created, the invoice untouched", async () => {
    const before = await db.transaction.count({ where: { merchantId: owner.merchant.id } });
    const res = await initiate(paymentBody(owner.merchant.id, { invoiceId: liveInvoice.id, amount: Number(liveInvoice.amount) }), { key: owner.secretKey });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Invoice not found");
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(before);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: liveInvoice.id } })).status).toBe("SENT");
  });

  it("refuses a live invoice's PDF to a test key (404), and gives it to the live key", async () => {
    const pdf = (token: string) =>
      call(invoicePdfRoute.GET, {
        path: `/api/merchants/${owner.merchant.id}/invoices/${liveInvoice.id}/pdf`,
        params: { merchantId: owner.merchant.id, invoiceId: liveInvoice.id },
        token,
      });
    expect((await pdf(owner.secretKey)).status).toBe(404);
    expect((await pdf(liveKey)).status).toBe(200);
  });

  it("refuses to pay a live link (reusable or single-use) with a test key", async () => {
    for (const link of [liveLink, liveSingleUseLink]) {
      const res = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id }), { key: owner.secretKey });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Payment link not found or is inactive");
    }
    expect(await db.transaction.count({ where: { paymentLinkId: { in: [liveLink.id, liveSingleUseLink.id] } } })).toBe(0);
  });

  it("refuses a test link with a live key", async () => {
    const testLink = await createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Test cake", amount: 250_000, isReusable: true });
    const res = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: testLink.id }), { key: liveKey });
    expect(res.status).toBe(404);
  });

  it("keyless (hosted page) payments take the object's own mode, so the sandbox's test cards never settle a live object", async () => {
    const res = await initiate(paymentBody(owner.merchant.id, { invoiceId: liveInvoice.id, amount: Number(liveInvoice.amount) }));
    expect(res.status).toBe(409);
    expect(res.body.missing).toEqual(["live_processor"]);
    const page = await startLinkCheckout(liveLink.slug, form({ email: "c@example.com", name: "Chidi Okafor" }));
    expect(page).toMatchObject({ errors: [{ field: "form", message: expect.stringMatching(/^This business can't take payments right now/) }] });
    const invoicePage = await startInvoiceCheckout(liveInvoice.id, form({ name: "Chidi Okafor" }));
    expect(invoicePage).toMatchObject({ errors: [{ field: "form", message: expect.stringMatching(/^This business can't take payments right now/) }] });
    expect(await db.transaction.count({ where: { environment: "live", merchantId: owner.merchant.id, processor: "sandbox" } })).toBe(0);
  });
});

describe("the dashboard's mode is a wall too", () => {
  const params = () => ({ transactionId: liveTransactionId });

  it("a user in test mode cannot verify or refund a live transaction (404); in live mode they can read it", async () => {
    await setView(owner.merchant.id, owner.user.id, "test");
    const verify = await call(verifyRoute.GET, { path: `/api/transactions/${liveTransactionId}/verify`, params: params(), token: owner.token });
    expect(verify.status).toBe(404);
    const refund = await call(refundRoute.POST, { path: `/api/transactions/${liveTransactionId}/refund`, params: params(), token: owner.token, body: {} });
    expect(refund.status).toBe(404);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: liveTransactionId } })).refundedAmount).toBe(0n);

    await setView(owner.merchant.id, owner.user.id, "live");
    const seen = await call(verifyRoute.GET, { path: `/api/transactions/${liveTransactionId}/verify`, params: params(), token: owner.token });
    expect(seen.status).toBe(200);
    await setView(owner.merchant.id, owner.user.id, "test");
  });

  it("a live key cannot verify or refund a test transaction", async () => {
    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect(started.status).toBe(201);
    const id = started.body.transactionId as string;
    expect((await call(verifyRoute.GET, { path: `/api/transactions/${id}/verify`, params: { transactionId: id }, token: liveKey })).status).toBe(404);
    expect((await call(refundRoute.POST, { path: `/api/transactions/${id}/refund`, params: { transactionId: id }, token: liveKey, body: {} })).status).toBe(
      404,
    );
  });
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}
