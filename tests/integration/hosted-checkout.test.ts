import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { FLASH_COOKIE, initialFormValues } from "@/lib/payments/hosted-checkout";
import { findReceipt } from "@/lib/payments/receipt";
import { availabilityOf, createLink } from "@/lib/links/service";
import { createInvoice } from "@/lib/invoices/service";
import { createInvoiceSchema } from "@/lib/invoices/schemas";
import * as linkCheckoutRoute from "@/app/pay/[slug]/checkout/route";
import * as invoicePayRoute from "@/app/invoice/[invoiceId]/pay/route";
import { createMerchantOwner } from "../helpers/factories";
import { postWebhook, sandboxEvent } from "../helpers/payments";
import { flashOf, postForm } from "../helpers/forms";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

const SANDBOX_URL = /^http:\/\/localhost:3000\/checkout\/sandbox\/[\w-]+$/;
let seq = 0;
const uniqueSlug = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

const payLink = (slug: string, fields: Record<string, string> | string) => postForm(linkCheckoutRoute.POST, `/pay/${slug}/checkout`, { slug }, fields);
const payInvoice = (invoiceId: string, fields: Record<string, string> | string) =>
  postForm(invoicePayRoute.POST, `/invoice/${invoiceId}/pay`, { invoiceId }, fields);
const linkTransactions = (paymentLinkId: string) => db.transaction.findMany({ where: { paymentLinkId } });

let owner: Owner;
const scope = () => ({ merchantId: owner.merchant.id, environment: "test" as const });

async function link(input: { amount?: number; isReusable?: boolean } = {}) {
  return createLink(scope(), { title: "Ankara fabric", customSlug: uniqueSlug("shop"), ...input });
}
async function invoice(body: Record<string, unknown> = {}) {
  const input = createInvoiceSchema.parse({
    customerEmail: "Chioma.Eze@Example.com",
    customerName: "Chioma Eze",
    lineItems: [{ description: "Design", amount: 125_000, quantity: 2 }],
    status: "SENT",
    ...body,
  });
  return createInvoice(scope(), input);
}

beforeAll(async () => {
  owner = await createMerchantOwner();
});

/** The redirect back to the form: 303, no transaction, and a flash cookie with the field errors. */
function expectBackToForm(res: Awaited<ReturnType<typeof postForm>>, pagePath: string) {
  expect(res.status).toBe(303);
  expect(res.location).toBe(pagePath);
  expect(res.setCookie).toContain(`${FLASH_COOKIE}=`);
  expect(res.setCookie).toContain(`Path=${pagePath}`);
  expect(res.setCookie).toMatch(/HttpOnly/i);
  const flash = flashOf(res.setCookie);
  expect(flash).not.toBeNull();
  return flash!;
}

describe("POST /pay/:slug/checkout", () => {
  it("redirects (303) a fixed-price link's payer to the sandbox checkout, charging the link's amount whatever the form says", async () => {
    const l = await link({ amount: 1_500_000 });
    const res = await payLink(l.slug, { email: " Chidi@Example.com ", name: "Chidi  Okafor", amount: "50", channel: "bank_transfer" });

    expect(res.status).toBe(303);
    expect(res.location).toMatch(SANDBOX_URL);
    // No error to carry back (and nothing of the customer's kept in cookies: "Try again" reads the payment).
    expect(res.setCookie ?? "").toBe("");
    const [t, ...others] = await linkTransactions(l.id);
    expect(others).toHaveLength(0);
    expect(t).toMatchObject({
      status: "PENDING",
      amount: 1_500_000n,
      currency: "NGN",
      customerEmail: "chidi@example.com",
      customerName: "Chidi Okafor",
      channel: "bank_transfer",
      merchantId: owner.merchant.id,
      description: "Ankara fabric",
      authorizationUrl: res.location,
    });
  });

  it.each([
    ["2,500.50", 250_050n],
    ["₦2,500", 250_000n],
    ["50", 5_000n],
    [" 1 000 000.5 ", 100_000_050n],
  ])("takes the naira amount %j typed for a customer-priced link as %s kobo", async (amount, kobo) => {
    const l = await link();
    const res = await payLink(l.slug, { email: "ada@example.com", name: "Ada Obi", amount });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(SANDBOX_URL);
    const [t] = await linkTransactions(l.id);
    expect(t!.amount).toBe(kobo);
    expect(t!.channel).toBe("card");
  });

  it.each([
    [{ name: "Ada Obi", amount: "2500" }, "email"],
    [{ email: "not-an-email", name: "Ada Obi", amount: "2500" }, "email"],
    [{ email: "ada@example.com", name: "A", amount: "2500" }, "name"],
    [{ email: "ada@example.com", name: "Ada Obi", amount: "49.99" }, "amount"],
    [{ email: "ada@example.com", name: "Ada Obi", amount: "0" }, "amount"],
    [{ email: "ada@example.com", name: "Ada Obi", amount: "-100" }, "amount"],
    [{ email: "ada@example.com", name: "Ada Obi", amount: "2500.505" }, "amount"],
    [{ email: "ada@example.com", name: "Ada Obi", amount: "lots" }, "amount"],
    [{ email: "ada@example.com", name: "Ada Obi" }, "amount"],
    [{ email: "ada@example.com", name: "Ada Obi", amount: "2500", channel: "crypto" }, "channel"],
  ])("sends %j back to the form with an error on %s and stores no transaction", async (fields, field) => {
    const l = await link();
    const res = await payLink(l.slug, fields);
    const flash = expectBackToForm(res, `/pay/${l.slug}`);
    expect(flash.errors.map((e) => e.field)).toContain(field);
    // What was typed comes back, so the customer need not retype it.
    if ("email" in fields) expect(flash.values.email).toBe(fields.email);
    expect(await linkTransactions(l.id)).toHaveLength(0);
  });

  it("answers a body that is not a form with the form's errors, not a crash", async () => {
    const l = await link();
    const res = await payLink(l.slug, "%%%not=a&form");
    expectBackToForm(res, `/pay/${l.slug}`);
    expect(await linkTransactions(l.id)).toHaveLength(0);
  });

  it("answers 404 for an unknown slug", async () => {
    for (const slug of ["nosuchlink123", "bad-slug"]) {
      const res = await payLink(slug, { email: "ada@example.com", name: "Ada Obi", amount: "2500" });
      expect(res.status).toBe(404);
      expect(res.location).toBeNull();
    }
  });

  it("lets the payer of a link leave the name out", async () => {
    const l = await link({ amount: 250_000, isReusable: true });
    for (const fields of [{ email: "ada@example.com" }, { email: "bayo@example.com", name: "  " }] as Record<string, string>[]) {
      const res = await payLink(l.slug, fields);
      expect(res.status).toBe(303);
      expect(res.location).toMatch(SANDBOX_URL);
    }
    const rows = await linkTransactions(l.id);
    expect(rows.map((t) => t.customerName)).toEqual([null, null]);
  });

  it("sends the payer of a deactivated link back with a form error", async () => {
    const l = await link({ amount: 250_000 });
    await db.paymentLink.update({ where: { id: l.id }, data: { isActive: false } });
    const flash = expectBackToForm(await payLink(l.slug, { email: "ada@example.com", name: "Ada Obi" }), `/pay/${l.slug}`);
    expect(flash.errors).toEqual([{ field: "form", message: expect.stringMatching(/turned this payment link off/i) }]);
    expect(await linkTransactions(l.id)).toHaveLength(0);
  });

  it("closes a single-use link once the hosted payment completes", async () => {
    const l = await link({ amount: 250_000 });
    const first = await payLink(l.slug, { email: "ada@example.com", name: "Ada Obi" });
    expect(first.status).toBe(303);
    const [t] = await linkTransactions(l.id);
    await postWebhook("sandbox", sandboxEvent(t!.reference));
    expect((await db.transaction.findUniqueOrThrow({ where: { id: t!.id } })).status).toBe("COMPLETED");

    const second = await payLink(l.slug, { email: "bayo@example.com", name: "Bayo Ade" });
    // The link was closed by its payment, not turned off: the customer is told it was paid.
    expect(expectBackToForm(second, `/pay/${l.slug}`).errors).toEqual([{ field: "form", message: "This payment link has already been paid." }]);
    expect(await linkTransactions(l.id)).toHaveLength(1);
  });
});

describe("why a link is closed (availabilityOf)", () => {
  const base = { isActive: true, isReusable: true, expiresAt: null, maxPayments: null, completedPayments: 0 };
  const past = new Date(Date.now() - 60_000);

  it("says paid, full, turned off or expired, paid first (a used-up link is also switched off)", () => {
    expect(availabilityOf(base)).toBe("available");
    expect(availabilityOf({ ...base, isReusable: false, completedPayments: 1, isActive: false })).toBe("paid");
    expect(availabilityOf({ ...base, maxPayments: 3, completedPayments: 3, isActive: false })).toBe("full");
    expect(availabilityOf({ ...base, isActive: false })).toBe("inactive");
    expect(availabilityOf({ ...base, isReusable: false, isActive: false })).toBe("inactive");
    expect(availabilityOf({ ...base, expiresAt: past })).toBe("expired");
    expect(availabilityOf({ ...base, isReusable: false, completedPayments: 1, expiresAt: past })).toBe("paid");
  });
});

describe("Try again after a failed payment", () => {
  it("fills the form from the payment named by ?retry= only on its own page, when it did not go through, within the hour", async () => {
    const l = await link({ isReusable: true });
    await payLink(l.slug, { email: "ada@example.com", name: "Ada Obi", amount: "2500.50", channel: "ussd" });
    const [t] = await linkTransactions(l.id);
    const page = { paymentLinkId: l.id, environment: "test" as const };
    const retry = { retry: t!.reference };
    // Still pending: nothing to retry yet.
    expect(await initialFormValues(retry, null, page)).toEqual({});
    for (const status of ["FAILED", "CANCELLED", "ABANDONED"] as const) {
      await db.transaction.update({ where: { id: t!.id }, data: { status } });
      expect(await initialFormValues(retry, null, page)).toEqual({ email: "ada@example.com", name: "Ada Obi", amount: "2,500.50", channel: "ussd" });
    }
    expect(await initialFormValues({}, null, page)).toEqual({});
    expect(await initialFormValues({ retry: "TXN-0-nope" }, null, page)).toEqual({});
    expect(await initialFormValues({ retry: [t!.reference] }, null, page)).toEqual({});
    // Another link's page does not show this customer.
    const other = await link({ isReusable: true });
    expect(await initialFormValues(retry, null, { paymentLinkId: other.id, environment: "test" })).toEqual({});
    // Paid, or older than an hour: empty.
    await db.transaction.update({ where: { id: t!.id }, data: { status: "COMPLETED" } });
    expect(await initialFormValues(retry, null, page)).toEqual({});
    await db.transaction.update({ where: { id: t!.id }, data: { status: "FAILED", createdAt: new Date(Date.now() - 61 * 60 * 1000) } });
    expect(await initialFormValues(retry, null, page)).toEqual({});
    // A failed post's own values win.
    expect(await initialFormValues(retry, { errors: [], values: { email: "x@example.com" } }, page)).toEqual({ email: "x@example.com" });
  });

  it("sends the customer of a failed payment back to the link's form with the payment's reference", async () => {
    const l = await link({ amount: 250_000 });
    await payLink(l.slug, { email: "ada@example.com", name: "Ada Obi" });
    const [t] = await linkTransactions(l.id);
    await db.transaction.update({ where: { id: t!.id }, data: { status: "FAILED", failureReason: "Declined" } });
    const receipt = await findReceipt(t!.reference);
    expect(receipt).toMatchObject({ outcome: "failed", retryPath: `/pay/${l.slug}?retry=${t!.reference}` });
  });
});

describe("POST /invoice/:invoiceId/pay", () => {
  it("redirects to the sandbox checkout with a transaction for the invoice total, billed to the invoice's customer", async () => {
    const inv = await invoice();
    const res = await payInvoice(inv.id, { email: "someone.else@example.com", name: "Someone Else", amount: "50" });

    expect(res.status).toBe(303);
    expect(res.location).toMatch(SANDBOX_URL);
    const transactions = await db.transaction.findMany({ where: { invoiceId: inv.id } });
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({
      status: "PENDING",
      amount: 250_000n,
      customerEmail: "chioma.eze@example.com",
      customerName: "Chioma Eze",
      merchantId: owner.merchant.id,
      authorizationUrl: res.location,
    });
    expect(transactions[0]!.description).toContain(inv.invoiceNumber);

    // Completing it pays the invoice.
    await postWebhook("sandbox", sandboxEvent(transactions[0]!.reference));
    expect((await db.invoice.findUniqueOrThrow({ where: { id: inv.id } })).status).toBe("PAID");
    const again = expectBackToForm(await payInvoice(inv.id, {}), `/invoice/${inv.id}`);
    expect(again.errors[0]).toMatchObject({ field: "form", message: expect.stringMatching(/already been paid/) });
    expect(await db.transaction.count({ where: { invoiceId: inv.id } })).toBe(1);
  });

  it("uses the name typed when the invoice has none, and asks for one when neither has it", async () => {
    const inv = await invoice({ customerName: undefined });
    const missing = expectBackToForm(await payInvoice(inv.id, {}), `/invoice/${inv.id}`);
    expect(missing.errors.map((e) => e.field)).toContain("name");
    expect(await db.transaction.count({ where: { invoiceId: inv.id } })).toBe(0);

    const res = await payInvoice(inv.id, { name: "Chioma Eze" });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(SANDBOX_URL);
    expect(await db.transaction.findFirstOrThrow({ where: { invoiceId: inv.id } })).toMatchObject({ customerName: "Chioma Eze", amount: 250_000n });
  });

  it("answers 404 for a draft, an unknown or a malformed invoice id", async () => {
    const draft = await invoice({ status: "DRAFT" });
    for (const id of [draft.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await payInvoice(id, { name: "Ada Obi" });
      expect(res.status).toBe(404);
    }
    expect(await db.transaction.count({ where: { invoiceId: draft.id } })).toBe(0);
  });
});
