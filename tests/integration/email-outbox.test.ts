// Issue 23, finding 5: the platform sends no attacker-written text to anyone. An unverified
// account e-mails no one outside its business; invitations and customer e-mails are limited per
// merchant; what the merchant wrote is labelled as the merchant's. And (finding 9) what the receipt
// page promises comes from the e-mail outbox, which retries a failed send. (The crash: email-crash.test.ts.)
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { signup } from "@/lib/auth/sign-up-and-log-in";
import { signApiToken } from "@/lib/auth/jwt";
import { LIMITS } from "@/lib/api/limits";
import { reloadConfig } from "@/lib/config";
import { queueEmail } from "@/lib/email/queue";
import { findReceipt } from "@/lib/payments/receipt";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import { findCustomerInvoice } from "@/lib/invoices/public";
import * as invitationsRoute from "@/app/api/merchants/[merchantId]/invitations/route";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as sendInvoiceRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/send/route";
import { call } from "../helpers/api";
import { createMerchantOwner, signupBody, uniqueEmail } from "../helpers/factories";
import { deliverQueuedEmails } from "../helpers/mailbox";
import { initiate, paymentBody, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";

const PHISHING = "Your account is locked. Confirm your card at https://paylink-security.example/verify";

/** Someone who signed up and never verified their address: what an attacker gets for free. */
async function unverifiedSignUp(businessName = "Paylink Security Team") {
  const input = signupBody({ businessName });
  const { user, merchant } = await signup(input as Parameters<typeof signup>[0], "10.9.0.1");
  return { user, merchant, token: await signApiToken(user.id, 0), secretKey: merchant.testSecretKey as string };
}

/** A sandbox payment started with a secret key and settled by its signed event. */
async function payWithKey(secretKey: string, merchantId: string, email: string) {
  const started = await initiate(paymentBody(merchantId, { email, description: PHISHING }), { key: secretKey });
  expect(started.status).toBe(201);
  await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
  expect((await postWebhook("sandbox", sandboxEvent(started.body.reference))).status).toBe(200);
  return { reference: started.body.reference as string, transactionId: started.body.transactionId as string };
}

const mailTo = (to: string) => db.storedEmail.findMany({ where: { to } });
const invite = (merchantId: string, token: string, email = uniqueEmail("invitee")) =>
  call(invitationsRoute.POST, { path: `/api/merchants/${merchantId}/invitations`, params: { merchantId }, body: { email, role: "DEVELOPER" }, token });

const createInvoice = (merchantId: string, token: string, body: Record<string, unknown>) =>
  call(invoicesRoute.POST, {
    path: `/api/merchants/${merchantId}/invoices`,
    params: { merchantId },
    body: { customerEmail: uniqueEmail("buyer"), lineItems: [{ description: "Small chops", amount: 250_000, quantity: 1 }], ...body },
    token,
  });
const sendInvoice = (merchantId: string, invoiceId: string, token: string) =>
  call(sendInvoiceRoute.POST, { method: "POST", path: `/api/merchants/${merchantId}/invoices/${invoiceId}/send`, params: { merchantId, invoiceId }, token });

describe("unverified accounts send nothing to third parties", () => {
  it("a sandbox payment to any address with an unverified sign-up's test key sends no receipt, and the receipt page promises none", async () => {
    const attacker = await unverifiedSignUp();
    const victim = uniqueEmail("victim");
    const { reference, transactionId } = await payWithKey(attacker.secretKey, attacker.merchant.id, victim);
    expect((await transactionByReference(reference)).status).toBe("COMPLETED");

    await deliverQueuedEmails();
    expect(await mailTo(victim)).toHaveLength(0);
    const rows = await db.outboundEmail.findMany({ where: { transactionId, kind: "receipt" } });
    expect(rows).toMatchObject([{ status: "SUPPRESSED", reason: "unverified_account" }]);
    expect((await findReceipt(reference))?.receiptEmail).toBeNull();
  });

  it("refuses invitations (403) until the owner has verified their address, and e-mails no one", async () => {
    const attacker = await unverifiedSignUp();
    const victim = uniqueEmail("victim");
    const res = await invite(attacker.merchant.id, attacker.token, victim);
    expect(res.status).toBe(403);
    expect(await db.invitation.count({ where: { merchantId: attacker.merchant.id } })).toBe(0);
    await deliverQueuedEmails();
    expect(await mailTo(victim)).toHaveLength(0);
  });
});

describe("per-merchant limits", () => {
  it("30 invitations from one merchant: the first 20 are sent, the rest answered 429 with Retry-After", async () => {
    const owner = await createMerchantOwner();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 30; i++) {
      const res = await invite(owner.merchant.id, owner.token);
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get("retry-after");
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await db.invitation.count({ where: { merchantId: owner.merchant.id } })).toBe(20);
    // Another business is not held back by this one.
    const other = await createMerchantOwner();
    expect((await invite(other.merchant.id, other.token)).status).toBe(201);
  });

  it("a business over its hourly limit of customer e-mails still takes the payment; the receipt is suppressed and recorded", async () => {
    const owner = await createMerchantOwner();
    // The test-mode limit (100 an hour) spent, as a flood of sandbox payments would.
    for (let i = 0; i < 100; i++) await LIMITS.customerEmailsTest.consume(owner.merchant.id);
    const customer = uniqueEmail("customer");
    const { reference, transactionId } = await payWithKey(owner.secretKey, owner.merchant.id, customer);
    expect((await transactionByReference(reference)).status).toBe("COMPLETED");
    await deliverQueuedEmails();
    expect(await mailTo(customer)).toHaveLength(0);
    expect(await db.outboundEmail.findMany({ where: { transactionId, kind: "receipt" } })).toMatchObject([{ status: "SUPPRESSED", reason: "rate_limited" }]);
    expect((await findReceipt(reference))?.receiptEmail).toBeNull();
    // The owner's own "You've been paid" is not a customer e-mail: it still goes.
    expect(await db.outboundEmail.count({ where: { transactionId, kind: "payment-received", status: "QUEUED" } })).toBe(0);
    expect(await db.outboundEmail.count({ where: { transactionId, kind: "payment-received", status: "SENT" } })).toBe(1);
  });
});

describe("invoices e-mail customers within the business's limit", () => {
  it("refuses to e-mail an invoice (403) until the owner has verified their address", async () => {
    const attacker = await unverifiedSignUp();
    const customerEmail = uniqueEmail("victim");
    expect((await createInvoice(attacker.merchant.id, attacker.token, { customerEmail, status: "SENT" })).status).toBe(403);
    const draft = await createInvoice(attacker.merchant.id, attacker.token, { customerEmail });
    expect(draft.status).toBe(201);
    expect((await sendInvoice(attacker.merchant.id, draft.body.invoice.id, attacker.token)).status).toBe(403);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: draft.body.invoice.id } })).status).toBe("DRAFT");
    await deliverQueuedEmails();
    expect(await mailTo(customerEmail)).toHaveLength(0);
  });

  it("answers 429 with Retry-After past the hourly limit of customer e-mails, sending nothing and leaving a draft a draft", async () => {
    const owner = await createMerchantOwner();
    const draft = await createInvoice(owner.merchant.id, owner.token, {});
    for (let i = 0; i < 100; i++) await LIMITS.customerEmailsTest.consume(owner.merchant.id);
    const refused = await createInvoice(owner.merchant.id, owner.token, { status: "SENT" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await sendInvoice(owner.merchant.id, draft.body.invoice.id, owner.token)).status).toBe(429);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: draft.body.invoice.id } })).status).toBe("DRAFT");
    expect(await db.invoice.count({ where: { merchantId: owner.merchant.id } })).toBe(1);
    expect(await db.outboundEmail.count({ where: { merchantId: owner.merchant.id, kind: "invoice" } })).toBe(0);
  });

  it("the paid invoice's page promises a receipt only when one is really going", async () => {
    const owner = await createMerchantOwner();
    const pay = async () => {
      const invoice = await createInvoice(owner.merchant.id, owner.token, { status: "SENT" });
      expect(invoice.status).toBe(201);
      const started = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.body.invoice.id, amount: 250_000 }), { key: owner.secretKey });
      expect(started.status).toBe(201);
      await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
      expect((await postWebhook("sandbox", sandboxEvent(started.body.reference))).status).toBe(200);
      return invoice.body.invoice.id as string;
    };
    const first = await pay();
    expect(await findCustomerInvoice(first)).toMatchObject({ invoice: { status: "PAID" }, receiptEmail: { state: "queued" } });
    // The limit spent: the next invoice can still be sent (by its last point) and paid, but its receipt is suppressed.
    for (let i = 0; i < 97; i++) await LIMITS.customerEmailsTest.consume(owner.merchant.id);
    const second = await pay();
    expect(await findCustomerInvoice(second)).toMatchObject({ invoice: { status: "PAID" }, receiptEmail: null });
  });
});

describe("customer-facing text is labelled as the merchant's", () => {
  it("a receipt names the business as the sender on Paylink, quoted, and says it wrote the text", async () => {
    const owner = await createMerchantOwner({ businessName: "Paylink Security Team" });
    const customer = uniqueEmail("customer");
    await payWithKey(owner.secretKey, owner.merchant.id, customer);
    await deliverQueuedEmails();
    const [receipt] = await mailTo(customer);
    expect(receipt).toBeDefined();
    for (const part of [receipt!.text, receipt!.html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"')]) {
      expect(part).toContain("Sent by Paylink on behalf of “Paylink Security Team”, a business using Paylink");
      expect(part).toContain("“Paylink Security Team” wrote its name and the descriptions in this e-mail, not Paylink");
    }
  });
});

describe("the receipt page's promise", () => {
  it("comes from the e-mail outbox: queued, then sent; nothing once the e-mail has failed", async () => {
    const owner = await createMerchantOwner();
    const { reference, transactionId } = await payWithKey(owner.secretKey, owner.merchant.id, uniqueEmail("chidi"));
    const row = await db.outboundEmail.findFirstOrThrow({ where: { transactionId, kind: "receipt" } });
    expect(row.status).toBe("QUEUED");
    expect((await findReceipt(reference))?.receiptEmail?.state).toBe("queued");
    await deliverQueuedEmails();
    expect(await db.outboundEmail.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "SENT", attempts: 1 });
    expect((await findReceipt(reference))?.receiptEmail?.state).toBe("sent");
    await db.outboundEmail.update({ where: { id: row.id }, data: { status: "FAILED" } });
    expect((await findReceipt(reference))?.receiptEmail).toBeNull();
  });
});

describe("sending the outbox", () => {
  it("a failed send is retried with backoff, then marked failed after 7 attempts; the API key never reaches the row", async () => {
    const owner = await createMerchantOwner();
    const key = "re_outbox_test_secret_0123456789";
    // Resend's client, pointed at a port where nothing listens: every send fails.
    Object.assign(process.env, { RESEND_API_KEY: key, RESEND_BASE_URL: "http://127.0.0.1:9" });
    reloadConfig();
    try {
      const queued = await queueEmail(db, { kind: "password-reset", email: owner.input.email });
      expect(queued.status).toBe("QUEUED");
      for (let attempt = 1; attempt <= 7; attempt++) {
        await db.outboundEmail.update({ where: { id: queued.id }, data: { nextAttemptAt: new Date(Date.now() - 1_000) } });
        await deliverQueuedEmails();
        const row = await db.outboundEmail.findUniqueOrThrow({ where: { id: queued.id } });
        expect(row).toMatchObject({ attempts: attempt, status: attempt < 7 ? "QUEUED" : "FAILED", sentAt: null });
        expect(row.reason).toMatch(/^Email could not be sent/);
        expect(row.reason).not.toContain(key);
        // Not due again at once: about 30 s, 1 min, 2 min, … later.
        if (attempt < 7) expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(25_000 * 2 ** (attempt - 1));
      }
    } finally {
      delete process.env.RESEND_API_KEY;
      delete process.env.RESEND_BASE_URL;
      reloadConfig();
    }
  });
});
