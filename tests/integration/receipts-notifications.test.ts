// Issue 15, items 1 and 2: the customer's receipt (e-mail, page, PDF) and refund e-mail, and the
// merchant's "You've been paid" e-mails and daily summary, all through the e-mail queue.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createLink } from "@/lib/links/service";
import { createInvoice } from "@/lib/invoices/service";
import { findReceipt } from "@/lib/payments/receipt";
import { CHECKOUT_HOLD_MS } from "@/lib/payments/holds";
import { formatLagosDate } from "@/lib/lagos-time";
import { reconcilePending } from "@/lib/payments/reconcile";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import { queueDailySummaries } from "@/lib/notifications/daily-summary";
import { dailySummaryEmailFor } from "@/lib/notifications/emails";
import * as notificationsRoute from "@/app/api/merchants/[merchantId]/notifications/route";
import * as receiptPdfRoute from "@/app/receipt/[reference]/pdf/route";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, uniqueEmail } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";
import { deliverQueuedEmails } from "../helpers/mailbox";
import { insertTransaction } from "../helpers/rows";

const PAID_AT = "2026-11-23T19:15:00.000Z"; // 8:15 pm in Lagos
const LAGOS_DATE = "23 November 2026, 8:15 pm WAT";

async function brandedMerchant() {
  const owner = await createMerchantOwner({ businessName: "Adaeze's Kitchen" });
  await db.merchant.update({
    where: { id: owner.merchant.id },
    data: { brandColor: "#7c3aed", supportEmail: "help@adaeze.example", supportPhone: "+234 803 123 4567" },
  });
  return owner;
}

/** Starts a payment for `email` and settles it with a signed sandbox event (success unless told otherwise). */
async function pay(merchantId: string, email: string, extra: Record<string, unknown> = {}, outcome: "success" | "failed" = "success", paidAt = PAID_AT) {
  const started = await initiate(paymentBody(merchantId, { email, ...extra }));
  expect(started.status).toBe(201);
  const reference = started.body.reference as string;
  // The sandbox's own record of the charge (refunds are checked against it), then its signed event.
  if (outcome === "success") await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
  const event = outcome === "success" ? sandboxEvent(reference, { paid_at: paidAt }) : sandboxEvent(reference, { status: "failed" }, "charge.failed");
  expect((await postWebhook("sandbox", event)).status).toBe(200);
  return { reference, transactionId: started.body.transactionId as string };
}

const mailTo = (to: string) => db.storedEmail.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
const paidEmails = (to: string) => db.storedEmail.findMany({ where: { to, subject: { contains: "You've been paid" } } });

const settings = (token: string, merchantId: string, body?: unknown) =>
  call(notificationsRoute[body === undefined ? "GET" : "PUT"], {
    method: body === undefined ? "GET" : "PUT",
    path: `/api/merchants/${merchantId}/notifications`,
    params: { merchantId },
    body,
    token,
  });

describe("the customer's receipt", () => {
  it("a completed link payment queues a receipt with the item, amount, method, reference, Lagos date, branding and support contact", async () => {
    const owner = await brandedMerchant();
    const link = await createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Jollof rice tray", amount: 250_000, isReusable: true });
    const customer = uniqueEmail("chidi");
    const { reference } = await pay(owner.merchant.id, customer, { paymentLinkId: link.id });

    // Queued, not yet sent: the receipt page says so, and only that.
    const before = await findReceipt(reference);
    expect(before?.receiptEmail).toEqual({ to: `c…@example.com`, state: "queued" });
    expect(await mailTo(customer)).toHaveLength(0);

    await deliverQueuedEmails();
    const [receipt, ...others] = await mailTo(customer);
    expect(others).toHaveLength(0);
    expect(receipt!.subject).toBe("[Test] Your receipt from Adaeze's Kitchen");
    for (const text of [
      "Jollof rice tray",
      "NGN 2,500.00",
      "Card",
      reference,
      LAGOS_DATE,
      "help@adaeze.example",
      "+234 803 123 4567",
      `/receipt/${reference}/pdf`,
      "Hello Chidi Okafor",
    ]) {
      expect(receipt!.text).toContain(text);
    }
    expect(receipt!.html).toContain("#7c3aed");
    expect(receipt!.html).toContain("Adaeze&#x27;s Kitchen");

    // The receipt page shows the same, and now says the receipt was sent.
    const page = await findReceipt(reference);
    expect(page).toMatchObject({
      outcome: "paid",
      item: { title: "Jollof rice tray", lines: [] },
      method: "Card",
      paidAt: LAGOS_DATE,
      supportEmail: "help@adaeze.example",
      supportPhone: "+234 803 123 4567",
      receiptEmail: { to: "c…@example.com", state: "sent" },
      pdfPath: `/receipt/${reference}/pdf`,
    });
  });

  it("an invoice's receipt carries its number and lines", async () => {
    const owner = await brandedMerchant();
    const customer = uniqueEmail("bisi");
    const invoice = await createInvoice(
      { merchantId: owner.merchant.id, environment: "test" },
      {
        customerEmail: customer,
        customerName: "Bisi Ade",
        lineItems: [
          { description: "Small chops", amount: 100_000, quantity: 2 },
          { description: "Delivery", amount: 50_000, quantity: 1 },
        ],
        status: "SENT",
      },
    );
    await deliverQueuedEmails(); // the invoice e-mail itself
    const { reference } = await pay(owner.merchant.id, customer, { invoiceId: invoice.id });
    await deliverQueuedEmails();
    const receipt = (await mailTo(customer)).find((e) => e.subject.includes("receipt"));
    expect(receipt).toBeDefined();
    for (const text of [`Invoice ${invoice.invoiceNumber}`, "Small chops × 2", "NGN 2,000.00", "Delivery × 1", "NGN 500.00", "NGN 2,500.00", reference]) {
      expect(receipt!.text).toContain(text);
    }
    expect((await findReceipt(reference))?.item).toEqual({
      title: `Invoice ${invoice.invoiceNumber}`,
      lines: [
        { description: "Small chops", quantity: 2, total: "₦2,000.00" },
        { description: "Delivery", quantity: 1, total: "₦500.00" },
      ],
    });
  });

  it("a failed payment sends no receipt, and its page promises none", async () => {
    const owner = await brandedMerchant();
    const customer = uniqueEmail("failed");
    const { reference } = await pay(owner.merchant.id, customer, {}, "failed");
    await deliverQueuedEmails();
    expect(await mailTo(customer)).toHaveLength(0);
    expect(await paidEmails(owner.input.email)).toHaveLength(0);
    expect(await findReceipt(reference)).toMatchObject({ outcome: "failed", receiptEmail: null, pdfPath: null });
  });

  it("a payment completed by reconciliation gets its receipt too", async () => {
    const owner = await brandedMerchant();
    const customer = uniqueEmail("late");
    const started = await initiate(paymentBody(owner.merchant.id, { email: customer }));
    await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
    await db.transaction.update({ where: { reference: started.body.reference }, data: { createdAt: new Date(Date.now() - 11 * 60 * 1000) } });
    await reconcilePending();
    expect((await transactionByReference(started.body.reference)).status).toBe("COMPLETED");
    await deliverQueuedEmails();
    expect((await mailTo(customer)).map((e) => e.subject)).toEqual(["[Test] Your receipt from Adaeze's Kitchen"]);
  });

  it("a payment given back automatically (one too many) gets the refund e-mail instead of a receipt", async () => {
    const owner = await brandedMerchant();
    const link = await createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "One-off cake", amount: 250_000, isReusable: false });
    const [first, second] = [uniqueEmail("first"), uniqueEmail("second")];
    const a = await initiate(paymentBody(owner.merchant.id, { email: first, paymentLinkId: link.id }));
    await db.transaction.update({ where: { reference: a.body.reference }, data: { createdAt: new Date(Date.now() - CHECKOUT_HOLD_MS - 1_000) } }); // its hold lapsed
    const b = await initiate(paymentBody(owner.merchant.id, { email: second, paymentLinkId: link.id }));
    expect(b.status).toBe(201);
    for (const started of [b, a]) {
      await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
      await postWebhook("sandbox", sandboxEvent(started.body.reference));
    }
    await deliverQueuedEmails();
    expect((await mailTo(second)).map((e) => e.subject)).toEqual(["[Test] Your receipt from Adaeze's Kitchen"]);
    expect((await mailTo(first)).map((e) => e.subject)).toEqual(["[Test] Adaeze's Kitchen refunded NGN 2,500.00"]);
    // The owner hears of the kept payment once, and of the automatic refund.
    expect(await paidEmails(owner.input.email)).toHaveLength(1);
    expect(await findReceipt(a.body.reference)).toMatchObject({ receiptEmail: null, refunded: "₦2,500.00" });
  });

  it("a refund e-mails the customer", async () => {
    const owner = await brandedMerchant();
    const customer = uniqueEmail("refunded");
    const { transactionId } = await pay(owner.merchant.id, customer);
    const res = await call(refundRoute.POST, {
      path: `/api/transactions/${transactionId}/refund`,
      params: { transactionId },
      body: { amount: 100_000, reason: "Out of stock (internal note)" },
      token: owner.token,
    });
    expect(res.status).toBe(200);
    await deliverQueuedEmails();
    const refund = (await mailTo(customer)).find((e) => e.subject.includes("refunded"));
    expect(refund?.subject).toBe("[Test] Adaeze's Kitchen refunded NGN 1,000.00");
    expect(refund!.text).toContain("part of your payment of NGN 2,500.00");
    expect(refund!.text).toContain("help@adaeze.example");
    expect(refund!.text).not.toContain("internal note"); // the merchant's reason is theirs
  });
});

describe("GET /receipt/:reference/pdf", () => {
  const pdf = (reference: string) => call(receiptPdfRoute.GET, { path: `/receipt/${encodeURIComponent(reference)}/pdf`, params: { reference } });

  it("answers a PDF for a paid payment, and 404 for an unknown reference or an unpaid payment", async () => {
    const owner = await brandedMerchant();
    const { reference } = await pay(owner.merchant.id, uniqueEmail("pdf"));
    const res = await pdf(reference);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`receipt-${reference}.pdf`);
    expect(res.text.startsWith("%PDF")).toBe(true);

    expect((await pdf("TXN-0-unknown")).status).toBe(404);
    const { reference: failed } = await pay(owner.merchant.id, uniqueEmail("pdf"), {}, "failed");
    expect((await pdf(failed)).status).toBe(404);
  });
});

describe('"You\'ve been paid"', () => {
  it("goes to the owner by default and to members who opt in, not to those who do not", async () => {
    const owner = await brandedMerchant();
    const keen = await createMember(owner.merchant.id, "VIEWER");
    const quiet = await createMember(owner.merchant.id, "ADMIN");
    expect((await settings(keen.token, owner.merchant.id, { notifyPayments: true })).status).toBe(200);

    const { reference } = await pay(owner.merchant.id, uniqueEmail("payer"), { firstName: "Ngozi", lastName: "Eze" });
    await deliverQueuedEmails();
    const [toOwner] = await paidEmails(owner.input.email);
    expect(toOwner?.subject).toBe("[Test] You've been paid NGN 2,500.00 · Adaeze's Kitchen");
    for (const text of ["Ngozi Eze", reference, LAGOS_DATE, "/dashboard/transactions/", "Settings"]) expect(toOwner!.text).toContain(text);
    expect(await paidEmails(keen.email)).toHaveLength(1);
    expect(await paidEmails(quiet.email)).toHaveLength(0);
  });

  it("stops when the owner turns it off", async () => {
    const owner = await brandedMerchant();
    const res = await settings(owner.token, owner.merchant.id, { notifyPayments: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Notification settings saved",
      notifications: { notifyPayments: false, notifyPaymentsIsDefault: false, dailySummary: false },
    });
    await pay(owner.merchant.id, uniqueEmail("payer"));
    await deliverQueuedEmails();
    expect(await paidEmails(owner.input.email)).toHaveLength(0);
  });
});

describe("/api/merchants/:merchantId/notifications", () => {
  it("reads and sets the caller's own choices; defaults follow the role", async () => {
    const owner = await createMerchantOwner();
    const member = await createMember(owner.merchant.id, "DEVELOPER");
    expect((await settings(owner.token, owner.merchant.id)).body).toEqual({
      notifications: { notifyPayments: true, notifyPaymentsIsDefault: true, dailySummary: false },
    });
    expect((await settings(member.token, owner.merchant.id)).body).toEqual({
      notifications: { notifyPayments: false, notifyPaymentsIsDefault: true, dailySummary: false },
    });

    const saved = await settings(member.token, owner.merchant.id, { dailySummary: true });
    expect(saved.body.notifications).toEqual({ notifyPayments: false, notifyPaymentsIsDefault: true, dailySummary: true });
    // Only the member's own row changed.
    expect((await settings(owner.token, owner.merchant.id)).body.notifications.dailySummary).toBe(false);
  });

  it("refuses bad bodies, secret keys and other merchants", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    const empty = await settings(owner.token, owner.merchant.id, {});
    expect(empty.status).toBe(400);
    const unknown = await settings(owner.token, owner.merchant.id, { notifyPayments: true, role: "OWNER" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toMatch(/Unknown field/);
    expect((await settings(owner.token, owner.merchant.id, { dailySummary: "yes" })).status).toBe(400);
    expect((await settings(owner.secretKey, owner.merchant.id)).status).toBe(401);
    expect((await settings(other.token, owner.merchant.id)).status).toBe(404);
  });
});

describe("daily summary", () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  it("sends yesterday's count and total per business to members who turned it on", async () => {
    const owner = await brandedMerchant();
    const member = await createMember(owner.merchant.id, "OPERATIONS");
    await settings(owner.token, owner.merchant.id, { dailySummary: true });
    // Paid now (the summary's day is the Lagos day of "now"; the fixed PAID_AT may be another day).
    const now = new Date().toISOString();
    await pay(owner.merchant.id, uniqueEmail("a"), {}, "success", now);
    const second = await pay(owner.merchant.id, uniqueEmail("b"), {}, "success", now);
    await pay(owner.merchant.id, uniqueEmail("c"), {}, "failed");
    // A live payment the same day (made directly: live payments need a go-live set-up).
    const paidAt = (await transactionByReference(second.reference)).completedAt!;
    await insertTransaction({
      merchantId: owner.merchant.id,
      environment: "live",
      reference: `TXN-${Date.now()}-live1`,
      amount: 1_000_000n,
      status: "COMPLETED",
      customerEmail: "live@example.com",
      completedAt: paidAt,
    });
    await deliverQueuedEmails();

    // Run "tomorrow morning" for the payments' Lagos day.
    const morning = new Date(paidAt.getTime() + DAY_MS);
    expect(await queueDailySummaries(morning)).toBeGreaterThanOrEqual(1);
    await deliverQueuedEmails();
    const [summary, ...more] = await db.storedEmail.findMany({ where: { to: owner.input.email, subject: { contains: "daily summary" } } });
    expect(more).toHaveLength(0);
    expect(summary!.subject).toBe(`Adaeze's Kitchen on ${formatLagosDate(paidAt)}: your daily summary`);
    expect(summary!.text).toContain("received 1 payment totalling NGN 10,000.00");
    expect(summary!.text).toMatch(/Test payments\s*2 · NGN 5,000.00/);
    expect(await db.storedEmail.count({ where: { to: member.email, subject: { contains: "daily summary" } } })).toBe(0);
  });

  it("sends nothing after a day without payments", async () => {
    const owner = await brandedMerchant();
    await settings(owner.token, owner.merchant.id, { dailySummary: true });
    const before = await db.storedEmail.count({ where: { to: owner.input.email } });
    await queueDailySummaries(new Date("2026-01-10T07:00:00Z"));
    await deliverQueuedEmails();
    expect(await db.storedEmail.count({ where: { to: owner.input.email } })).toBe(before);
    expect(await dailySummaryEmailFor(owner.merchant.id, owner.user.id, "2026-01-09")).toBeNull();
  });
});
