import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { MAX_AMOUNT_KOBO } from "@/lib/payments/money";
import { findCustomerInvoice } from "@/lib/invoices/public";
import { markOverdueInvoices } from "@/lib/invoices/service";
import { invoiceEmailFor } from "@/lib/invoices/email";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as invoiceRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/route";
import * as sendRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/send/route";
import * as voidRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/void/route";
import * as merchantPdfRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/pdf/route";
import * as publicPdfRoute from "@/app/invoice/[invoiceId]/pdf/route";
import * as payRoute from "@/app/invoice/[invoiceId]/pay/route";
import { expectInvalidAndNothingStored } from "../helpers/errors";
import { call } from "../helpers/api";
import { createMerchantOwner, uniqueEmail, ownerAndStranger, type Owner } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent } from "../helpers/payments";
import { flashOf, postForm } from "../helpers/forms";
import { deliverQueuedEmails } from "../helpers/mailbox";
import { pdfText } from "../helpers/pdf-text";
import { formatLagosDateTime } from "@/lib/lagos-time";

type Invoice = { id: string; invoiceNumber: string; amount: number; status: string; sentAt: string | null; paidAt: string | null };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ITEMS = [
  { description: "Logo design", amount: 150_000, quantity: 2 },
  { description: "Hosting (1 month)", amount: 50_000, quantity: 1 },
];

/** token null: no credentials. */
const create = (owner: Owner, body: unknown, token: string | null = owner.token, merchantId = owner.merchant.id) =>
  call(invoicesRoute.POST, { path: `/api/merchants/${merchantId}/invoices`, params: { merchantId }, body, token: token ?? undefined });
const list = (owner: Owner, query = "") =>
  call(invoicesRoute.GET, { path: `/api/merchants/${owner.merchant.id}/invoices${query}`, params: { merchantId: owner.merchant.id }, token: owner.token });
const onInvoice = (route: "get" | "patch" | "send" | "void", owner: Owner, invoiceId: string, body?: unknown) => {
  const base = `/api/merchants/${owner.merchant.id}/invoices/${invoiceId}`;
  const params = { merchantId: owner.merchant.id, invoiceId };
  const token = owner.token;
  switch (route) {
    case "get":
      return call(invoiceRoute.GET, { path: base, params, token });
    case "patch":
      return call(invoiceRoute.PATCH, { method: "PATCH", path: base, params, token, body });
    case "send":
      return call(sendRoute.POST, { method: "POST", path: `${base}/send`, params, token });
    case "void":
      return call(voidRoute.POST, { method: "POST", path: `${base}/void`, params, token });
  }
};
/** PDFs are binary: read them as bytes, not through the JSON helper. */
async function merchantPdf(owner: Owner, invoiceId: string) {
  const req = new NextRequest(`http://localhost:3000/api/merchants/${owner.merchant.id}/invoices/${invoiceId}/pdf`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const res = await merchantPdfRoute.GET(req, { params: Promise.resolve({ merchantId: owner.merchant.id, invoiceId }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
async function publicPdf(invoiceId: string) {
  const res = await publicPdfRoute.GET(new NextRequest(`http://localhost:3000/invoice/${invoiceId}/pdf`), { params: Promise.resolve({ invoiceId }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function newInvoice(owner: Owner, body: Record<string, unknown> = {}): Promise<Invoice> {
  const res = await create(owner, { customerEmail: uniqueEmail("buyer"), lineItems: ITEMS, ...body });
  expect(res.status).toBe(201);
  return res.body.invoice;
}
const eventsOf = async (merchantId: string, type: string, invoiceId: string) =>
  (await db.event.findMany({ where: { merchantId, type } })).filter((e) => (e.payload as { id?: string }).id === invoiceId);

// Made once, as the file loads: every test reads them.
const { owner, stranger } = await ownerAndStranger({ businessName: "Bisi Studio" });

describe("POST /api/merchants/:merchantId/invoices", () => {
  it("answers 201 with the contract's Invoice: total from the line items, DRAFT, dueDate at midnight UTC", async () => {
    const customerEmail = uniqueEmail("buyer");
    const res = await create(owner, {
      customerEmail,
      customerName: "Chioma Eze",
      customerNote: "Thank you!",
      merchantNote: "Gave 10% discount",
      lineItems: ITEMS,
      dueDate: "2026-12-31",
    });

    expect(res.status).toBe(201);
    expect(typeof res.body.message).toBe("string");
    const invoice = res.body.invoice;
    expect(invoice).toMatchObject({
      merchantId: owner.merchant.id,
      amount: 350_000,
      currency: "NGN",
      status: "DRAFT",
      customerEmail,
      customerName: "Chioma Eze",
      customerNote: "Thank you!",
      merchantNote: "Gave 10% discount",
      lineItems: ITEMS,
      dueDate: "2026-12-31T00:00:00.000Z",
      paidAt: null,
      sentAt: null,
    });
    expect(invoice.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(invoice.invoiceNumber).toMatch(/^INV-\d+$/);
    expect(invoice.createdAt).toMatch(ISO);
    expect(invoice.updatedAt).toMatch(ISO);
    expect(invoice).not.toHaveProperty("merchant");

    const row = await db.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: { lineItems: true } });
    expect(row.amount).toBe(350_000n);
    expect(row.lineItems).toHaveLength(2);
    // A draft is not e-mailed.
    await deliverQueuedEmails();
    expect(await db.storedEmail.count({ where: { to: customerEmail } })).toBe(0);
  });

  it("accepts status SENT: sentAt set, invoice.sent recorded, the customer e-mailed the /invoice/{id} link", async () => {
    const customerEmail = uniqueEmail("sent");
    const invoice = await newInvoice(owner, { customerEmail, status: "SENT" });
    expect(invoice.status).toBe("SENT");
    expect(invoice.sentAt).toMatch(ISO);

    await deliverQueuedEmails();
    const emails = await db.storedEmail.findMany({ where: { to: customerEmail } });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`/invoice/${invoice.id}`);
    expect(emails[0]!.subject).toContain(invoice.invoiceNumber);
    expect(await eventsOf(owner.merchant.id, "invoice.sent", invoice.id)).toHaveLength(1);
  });

  it.each([
    [{ lineItems: ITEMS }, "customerEmail"],
    [{ customerEmail: "not-an-email", lineItems: ITEMS }, "customerEmail"],
    [{ customerEmail: "a@example.com" }, "lineItems"],
    [{ customerEmail: "a@example.com", lineItems: [] }, "lineItems"],
    [{ customerEmail: "a@example.com", lineItems: "Logo" }, "lineItems"],
    [{ customerEmail: "a@example.com", lineItems: [{ amount: 100_000, quantity: 1 }] }, "lineItems.0.description"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "  ", amount: 100_000, quantity: 1 }] }, "lineItems.0.description"],
    [{ customerEmail: "a@example.com", lineItems: [ITEMS[0], { description: "X", quantity: 1 }] }, "lineItems.1.amount"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: 100_000 }] }, "lineItems.0.quantity"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: 100_000.5, quantity: 1 }] }, "lineItems.0.amount"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: -100_000, quantity: 1 }] }, "lineItems.0.amount"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: "1000", quantity: 1 }] }, "lineItems.0.amount"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: 100_000, quantity: 0 }] }, "lineItems.0.quantity"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: 100_000, quantity: -1 }] }, "lineItems.0.quantity"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: 100_000, quantity: 0.00001 }] }, "lineItems.0.quantity"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: 1, quantity: 0.5 }] }, "lineItems"],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: 0, quantity: 1 }] }, "lineItems"],
    [
      {
        customerEmail: "a@example.com",
        lineItems: [
          { description: "X", amount: MAX_AMOUNT_KOBO, quantity: 1 },
          { description: "Y", amount: 1, quantity: 1 },
        ],
      },
      "lineItems",
    ],
    [{ customerEmail: "a@example.com", lineItems: [{ description: "X", amount: MAX_AMOUNT_KOBO, quantity: 2 }] }, "lineItems"],
    [{ customerEmail: "a@example.com", lineItems: ITEMS, dueDate: "2026-02-30" }, "dueDate"],
    [{ customerEmail: "a@example.com", lineItems: ITEMS, dueDate: "30/12/2026" }, "dueDate"],
    [{ customerEmail: "a@example.com", lineItems: ITEMS, dueDate: "2026-12-31T10:00:00Z" }, "dueDate"],
    [{ customerEmail: "a@example.com", lineItems: ITEMS, status: "PAID" }, "status"],
    [{ customerEmail: "a@example.com", lineItems: ITEMS, status: "sent" }, "status"],
  ])("answers 400 Validation failed for %j with an error on %s, storing nothing", async (body, field) => {
    await expectInvalidAndNothingStored(
      () => create(owner, body),
      () => db.invoice.count({ where: { merchantId: owner.merchant.id } }),
      field,
    );
  });

  it("accepts a fractional quantity that makes whole kobo (1000 × 2.5 = 2500), and a total of exactly the maximum", async () => {
    const hours = await newInvoice(owner, {
      lineItems: [
        { description: "Consulting hours", amount: 1_000, quantity: 2.5 },
        { description: "Call-out", amount: 5_000, quantity: 1 },
      ],
    });
    expect(hours.amount).toBe(7_500);
    expect(hours).toMatchObject({ lineItems: [{ quantity: 2.5, amount: 1_000 }, { quantity: 1 }] });
    const max = await newInvoice(owner, { lineItems: [{ description: "Everything", amount: MAX_AMOUNT_KOBO, quantity: 1 }] });
    expect(max.amount).toBe(MAX_AMOUNT_KOBO);
  });

  it("answers 401 without a token and with a secret key, 404 for another merchant or a malformed id", async () => {
    const body = { customerEmail: "nobody@example.com", lineItems: ITEMS };
    expect((await create(owner, body, null)).status).toBe(401);
    expect((await create(owner, body, owner.secretKey)).status).toBe(401);
    for (const merchantId of [stranger.merchant.id, "not-a-uuid"]) {
      const res = await create(owner, body, owner.token, merchantId);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Merchant not found");
    }
    expect(await db.invoice.count({ where: { customerEmail: "nobody@example.com" } })).toBe(0);
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await create(owner, "{not json");
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe("body");
  });

  it("numbers 20 concurrent invoices of one merchant 1 to 20, all distinct", async () => {
    const fresh = await createMerchantOwner();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => create(fresh, { customerEmail: `c${i}@example.com`, lineItems: ITEMS })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.body.invoice.invoiceNumber as string);
    expect(new Set(numbers).size).toBe(20);
    const sequence = numbers.map((n) => Number(n.replace(/^\D+/, ""))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Numbering is per merchant: another merchant starts again at 1.
    const other = await newInvoice(await createMerchantOwner());
    expect(Number(other.invoiceNumber.replace(/^\D+/, ""))).toBe(1);
  });
});

describe("listing, editing, sending and voiding", () => {
  let lister: Owner;
  let draft: Invoice;
  let sent: Invoice;

  beforeAll(async () => {
    lister = await createMerchantOwner();
    draft = await newInvoice(lister);
    sent = await newInvoice(lister, { status: "SENT" });
    await newInvoice(stranger, { status: "SENT" });
  });

  it("lists the merchant's invoices, filtered by status", async () => {
    const all = await list(lister);
    expect(all.status).toBe(200);
    expect(all.body.data.map((i: Invoice) => i.id)).toEqual([sent.id, draft.id]);
    const onlySent = await list(lister, "?status=SENT");
    expect(onlySent.body.data.map((i: Invoice) => i.id)).toEqual([sent.id]);
    const onlyDraft = await list(lister, "?status=DRAFT");
    expect(onlyDraft.body.data.map((i: Invoice) => i.id)).toEqual([draft.id]);
    expect((await list(lister, "?status=PAID")).body.data).toEqual([]);
    const bad = await list(lister, "?status=LATE");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("query.status");
    const paged = await list(lister, "?limit=1");
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.nextCursor).toEqual(expect.any(String));
    const next = await list(lister, `?limit=1&cursor=${paged.body.nextCursor}`);
    expect(next.body.data.map((i: Invoice) => i.id)).toEqual([draft.id]);
  });

  it("reads one invoice; another merchant's is 404", async () => {
    const own = await onInvoice("get", lister, draft.id);
    expect(own.status).toBe(200);
    expect(own.body.invoice).toMatchObject({ id: draft.id, amount: 350_000 });
    expect((await onInvoice("get", stranger, draft.id)).status).toBe(404);
    expect((await onInvoice("get", lister, "not-a-uuid")).status).toBe(400);
  });

  it("edits a draft (the total follows the line items), refuses (409) once sent", async () => {
    const edit = await onInvoice("patch", lister, draft.id, {
      lineItems: [{ description: "Logo design", amount: 200_000, quantity: 3 }],
      customerName: "Musa",
    });
    expect(edit.status).toBe(200);
    expect(edit.body.invoice).toMatchObject({
      amount: 600_000,
      customerName: "Musa",
      status: "DRAFT",
      lineItems: [{ description: "Logo design", amount: 200_000, quantity: 3 }],
    });
    expect((await onInvoice("patch", lister, draft.id, { lineItems: [] })).status).toBe(400);
    expect((await onInvoice("patch", stranger, draft.id, { customerName: "Hijack" })).status).toBe(404);

    const refused = await onInvoice("patch", lister, sent.id, { customerName: "Too late" });
    expect(refused.status).toBe(409);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: sent.id } })).customerName).toBeNull();
  });

  it("sends a draft: SENT with sentAt, one invoice.sent event, an e-mail; then edits are refused", async () => {
    const invoice = await newInvoice(lister);
    const customerEmail = (await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).customerEmail;
    const res = await onInvoice("send", lister, invoice.id);
    expect(res.status).toBe(200);
    expect(res.body.invoice.status).toBe("SENT");
    expect(res.body.invoice.sentAt).toMatch(ISO);
    expect(await eventsOf(lister.merchant.id, "invoice.sent", invoice.id)).toHaveLength(1);
    await deliverQueuedEmails();
    const email = await db.storedEmail.findFirstOrThrow({ where: { to: customerEmail } });
    expect(email.text).toContain(`/invoice/${invoice.id}`);

    // Sending again re-sends the e-mail but is not a second transition.
    expect((await onInvoice("send", lister, invoice.id)).status).toBe(200);
    await deliverQueuedEmails();
    expect(await db.storedEmail.count({ where: { to: customerEmail } })).toBe(2);
    expect(await eventsOf(lister.merchant.id, "invoice.sent", invoice.id)).toHaveLength(1);
    expect((await onInvoice("patch", lister, invoice.id, { customerName: "Later" })).status).toBe(409);
    expect((await onInvoice("send", stranger, invoice.id)).status).toBe(404);
  });

  it("voids an invoice; a void invoice cannot be paid, sent or voided again", async () => {
    const invoice = await newInvoice(lister, { status: "SENT" });
    expect((await onInvoice("void", stranger, invoice.id)).status).toBe(404);
    const res = await onInvoice("void", lister, invoice.id);
    expect(res.status).toBe(200);
    expect(res.body.invoice.status).toBe("VOID");
    expect(res.body.invoice.voidedAt).toMatch(ISO);

    const pay = await initiate(paymentBody(lister.merchant.id, { invoiceId: invoice.id, amount: invoice.amount }), { key: lister.secretKey });
    expect(pay.status).toBe(400);
    const form = await postForm(payRoute.POST, `/invoice/${invoice.id}/pay`, { invoiceId: invoice.id }, { name: "Chidi Okafor" });
    expect(form.status).toBe(303);
    expect(form.location).toBe(`/invoice/${invoice.id}`);
    expect(flashOf(form.setCookie)?.errors[0]?.field).toBe("form");
    expect(await db.transaction.count({ where: { invoiceId: invoice.id } })).toBe(0);

    expect((await onInvoice("send", lister, invoice.id)).status).toBe(409);
    expect((await onInvoice("void", lister, invoice.id)).status).toBe(409);
  });

  it("builds the queued e-mail from the invoice as it is when the job runs: none for a draft, a void or a missing invoice", async () => {
    const drafted = await newInvoice(lister);
    expect(await invoiceEmailFor(drafted.id)).toBeNull();
    const issued = await newInvoice(lister, { status: "SENT", customerName: "Ada", dueDate: "2026-12-07" });
    const message = await invoiceEmailFor(issued.id);
    expect(message).toMatchObject({ subject: `Invoice ${issued.invoiceNumber} from ${lister.merchant.businessName}` });
    // The due day in words, and nothing about an account the customer does not have.
    expect(message!.text).toContain("due on 7 December 2026");
    expect(message!.html).toContain("due on 7 December 2026");
    expect(`${message!.text} ${message!.html}`).not.toMatch(/Paylink account/i);
    // The total is exact kobo arithmetic: 2 × 1,500.00 + 500.00.
    expect(message!.text).toContain("NGN 3,500.00");
    expect(message!.text).toContain(`/invoice/${issued.id}`);
    expect((await onInvoice("void", lister, issued.id)).status).toBe(200);
    expect(await invoiceEmailFor(issued.id)).toBeNull();
    expect(await invoiceEmailFor("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("voids a draft too", async () => {
    const invoice = await newInvoice(lister);
    expect((await onInvoice("void", lister, invoice.id)).body.invoice.status).toBe("VOID");
  });
});

describe("paying an invoice", () => {
  it("a sandbox success webhook marks it PAID with paidAt and writes invoice.paid; then it cannot be paid or voided", async () => {
    const invoice = await newInvoice(owner, { status: "SENT" });
    // The amount must be the invoice total.
    const wrong = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: invoice.amount - 1 }), { key: owner.secretKey });
    expect(wrong.status).toBe(400);

    const started = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: invoice.amount }), { key: owner.secretKey });
    expect(started.status).toBe(201);
    expect((await postWebhook("sandbox", sandboxEvent(started.body.reference, { amount: invoice.amount }))).status).toBe(200);

    const read = await onInvoice("get", owner, invoice.id);
    expect(read.body.invoice.status).toBe("PAID");
    expect(read.body.invoice.paidAt).toMatch(ISO);
    expect(read.body.payments).toHaveLength(1);
    // refundedAmount too: the invoice page tells "Partially refunded" from "Refunded" with it.
    expect(read.body.payments[0]).toMatchObject({ reference: started.body.reference, status: "COMPLETED", amount: invoice.amount, refundedAmount: 0 });
    const paidEvents = await eventsOf(owner.merchant.id, "invoice.paid", invoice.id);
    expect(paidEvents).toHaveLength(1);
    expect(paidEvents[0]!.payload).toMatchObject({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      amount: invoice.amount,
      status: "PAID",
      reference: started.body.reference,
    });

    const again = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: invoice.amount }), { key: owner.secretKey });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This invoice has already been paid");
    expect((await onInvoice("void", owner, invoice.id)).status).toBe(409);
    expect((await onInvoice("send", owner, invoice.id)).status).toBe(409);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("PAID");
  });

  it("refuses to start a payment for a draft", async () => {
    const invoice = await newInvoice(owner);
    const res = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: invoice.amount }), { key: owner.secretKey });
    expect(res.status).toBe(400);
    expect(await db.transaction.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });
});

describe("the customer's view", () => {
  it("never shows merchantNote; drafts are not public", async () => {
    const draft = await newInvoice(owner, { merchantNote: "Secret margin 40%", customerNote: "Pay by Friday" });
    expect(await findCustomerInvoice(draft.id)).toBeNull();
    expect((await publicPdf(draft.id)).status).toBe(404);

    expect((await onInvoice("send", owner, draft.id)).status).toBe(200);
    const found = await findCustomerInvoice(draft.id);
    expect(found).not.toBeNull();
    expect(found!.invoice).toMatchObject({ id: draft.id, customerNote: "Pay by Friday", status: "SENT" });
    expect(found!.invoice).not.toHaveProperty("merchantNote");
    expect(JSON.stringify(found, (_k, v) => (typeof v === "bigint" ? Number(v) : v))).not.toContain("Secret margin");
    expect(found!.merchant).toMatchObject({ id: owner.merchant.id, businessName: "Bisi Studio" });
    expect(found!.merchant).not.toHaveProperty("testSecretKey");

    expect(await findCustomerInvoice("not-a-uuid")).toBeNull();
    expect(await findCustomerInvoice("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("serves the public PDF for a sent invoice, and 400/404 for malformed or unknown ids", async () => {
    const invoice = await newInvoice(owner, { status: "SENT" });
    const pdf = await publicPdf(invoice.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(pdf.headers.get("content-disposition")).toContain(`${invoice.invoiceNumber}.pdf`);

    expect((await publicPdf("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await publicPdf("not-a-uuid")).status).toBe(400);
  });

  it("marks a paid invoice's PDF PAID, with the date and the payment's reference; an open one reads 'Total due' and its due day in words", async () => {
    const invoice = await newInvoice(owner, { status: "SENT", dueDate: "2026-12-07" });
    const open = pdfText((await publicPdf(invoice.id)).bytes);
    expect(open).toContain("Due: 7 December 2026");
    expect(open).toContain("Total due:");
    expect(open).not.toContain("PAID");

    const started = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: invoice.amount }), { key: owner.secretKey });
    expect((await postWebhook("sandbox", sandboxEvent(started.body.reference, { amount: invoice.amount }))).status).toBe(200);
    const paidAt = (await db.transaction.findUniqueOrThrow({ where: { reference: started.body.reference } })).completedAt!;

    for (const pdf of [await publicPdf(invoice.id), await merchantPdf(owner, invoice.id)]) {
      const text = pdfText(pdf.bytes);
      expect(text).toContain("PAID");
      expect(text).toContain(`Paid on ${formatLagosDateTime(paidAt)} by card`);
      expect(text).toContain(`Payment reference: ${started.body.reference}`);
      expect(text).toContain("Total paid:");
      expect(text).not.toContain("Pay online");
    }
  });

  it("serves the merchant's PDF for any status, never another merchant's", async () => {
    const draft = await newInvoice(owner);
    const pdf = await merchantPdf(owner, draft.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await merchantPdf(stranger, draft.id)).status).toBe(404);
  });
});

describe("markOverdueInvoices", () => {
  it("moves a SENT invoice past its due date to OVERDUE with invoice.overdue, leaving future, draft and paid ones", async () => {
    const m = await createMerchantOwner();
    const late = await newInvoice(m, { status: "SENT", dueDate: "2024-01-15" });
    const future = await newInvoice(m, { status: "SENT", dueDate: "2099-12-31" });
    const lateDraft = await newInvoice(m, { dueDate: "2024-01-15" });
    const noDue = await newInvoice(m, { status: "SENT" });

    const marked = await markOverdueInvoices();
    expect(marked).toBeGreaterThanOrEqual(1);
    const status = async (id: string) => (await db.invoice.findUniqueOrThrow({ where: { id } })).status;
    expect(await status(late.id)).toBe("OVERDUE");
    expect(await status(future.id)).toBe("SENT");
    expect(await status(lateDraft.id)).toBe("DRAFT");
    expect(await status(noDue.id)).toBe("SENT");
    const events = await eventsOf(m.merchant.id, "invoice.overdue", late.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ id: late.id, status: "OVERDUE" });

    // Running again changes nothing and writes no second event.
    await markOverdueInvoices();
    expect(await eventsOf(m.merchant.id, "invoice.overdue", late.id)).toHaveLength(1);

    // An overdue invoice can still be paid.
    const started = await initiate(paymentBody(m.merchant.id, { invoiceId: late.id, amount: late.amount }), { key: m.secretKey });
    expect(started.status).toBe(201);
    await postWebhook("sandbox", sandboxEvent(started.body.reference, { amount: late.amount }));
    expect(await status(late.id)).toBe("PAID");
  });

  it("counts the due date as a whole Lagos day: overdue only from midnight in Lagos (23:00 UTC)", async () => {
    const m = await createMerchantOwner();
    const invoice = await newInvoice(m, { status: "SENT", dueDate: "2030-03-10" });
    await markOverdueInvoices(new Date("2030-03-10T22:59:59.000Z"));
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("SENT");
    await markOverdueInvoices(new Date("2030-03-10T23:00:00.000Z"));
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("OVERDUE");
  });
});
