// Invoices paid in parts (issue 27, item 1): the fields, the amount rules of initiate and of the pay
// page, instalments up to PAID with their events, two instalments at once, the overdue job, the
// receipts and e-mails. Payments complete through the sandbox's signed webhooks, as in production.
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { markOverdueInvoices } from "@/lib/invoices/service";
import { invoiceEmailFor } from "@/lib/invoices/email";
import { invoicePdf } from "@/lib/invoices/public";
import { getOverview } from "@/lib/reports/overview";
import { receiptEmailFor } from "@/lib/payments/receipt-emails";
import { findReceipt, loadReceipt } from "@/lib/payments/receipt";
import { renderReceiptPdf } from "@/lib/payments/receipt-pdf";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as invoiceRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/route";
import * as sendRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/send/route";
import * as voidRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/void/route";
import * as payRoute from "@/app/invoice/[invoiceId]/pay/route";
import InvoicePage, { getServerSideProps as invoicePageProps } from "@/pages/invoice/[invoiceId]";
import { call } from "../helpers/api";
import { createMerchantOwner, uniqueEmail } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";
import { flashOf, postForm } from "../helpers/forms";
import { pdfText } from "../helpers/pdf-text";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
type Invoice = {
  id: string;
  invoiceNumber: string;
  amount: number;
  amountPaid: number;
  amountDue: number;
  status: string;
  customerEmail: string;
  allowPartialPayments: boolean;
  minimumPaymentAmount: number | null;
  allocations: { kind: string; amount: number; transactionId: string | null; reference: string | null }[];
};

/** ₦3,500.00 in all. */
const ITEMS = [
  { description: "Logo design", amount: 150_000, quantity: 2 },
  { description: "Hosting (1 month)", amount: 50_000, quantity: 1 },
];

const create = (owner: Owner, body: unknown) =>
  call(invoicesRoute.POST, { path: `/api/merchants/${owner.merchant.id}/invoices`, params: { merchantId: owner.merchant.id }, body, token: owner.token });
const onInvoice = (route: "get" | "patch" | "send" | "void", owner: Owner, invoiceId: string, body?: unknown) => {
  const path = `/api/merchants/${owner.merchant.id}/invoices/${invoiceId}`;
  const params = { merchantId: owner.merchant.id, invoiceId };
  if (route === "get") return call(invoiceRoute.GET, { path, params, token: owner.token });
  if (route === "patch") return call(invoiceRoute.PATCH, { method: "PATCH", path, params, token: owner.token, body });
  return call((route === "send" ? sendRoute : voidRoute).POST, { method: "POST", path: `${path}/${route}`, params, token: owner.token });
};
async function newInvoice(owner: Owner, body: Record<string, unknown> = {}): Promise<Invoice> {
  const res = await create(owner, { customerEmail: uniqueEmail("payer"), lineItems: ITEMS, status: "SENT", allowPartialPayments: true, ...body });
  expect(res.status).toBe(201);
  return res.body.invoice;
}
const readInvoice = async (owner: Owner, id: string): Promise<Invoice> => (await onInvoice("get", owner, id)).body.invoice;
const eventsOf = async (merchantId: string, type: string, invoiceId: string) =>
  (await db.event.findMany({ where: { merchantId, type }, orderBy: { createdAt: "asc" } })).filter((e) => (e.payload as { id?: string }).id === invoiceId);

/** Starts a payment of `amount` kobo for the invoice with the merchant's key; its reference. */
async function start(owner: Owner, invoice: Invoice, amount: number): Promise<string> {
  const res = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount, email: invoice.customerEmail }), { key: owner.secretKey });
  expect(res.status).toBe(201);
  return res.body.reference;
}
/** The sandbox's signed success webhook for that payment. */
async function succeed(reference: string, amount: number) {
  const res = await postWebhook("sandbox", sandboxEvent(reference, { amount }));
  expect(res.status).toBe(200);
}
const pay = async (owner: Owner, invoice: Invoice, amount: number) => {
  const reference = await start(owner, invoice, amount);
  await succeed(reference, amount);
  return reference;
};

/** The hosted invoice page as a customer gets it: getServerSideProps, then its HTML. */
async function renderPage(invoiceId: string) {
  const res = { statusCode: 200, setHeader: () => undefined };
  const loader = invoicePageProps as unknown as (ctx: unknown) => Promise<{ props: object }>;
  const { props } = await loader({ params: { invoiceId }, req: { cookies: {}, headers: {} }, res, query: {}, resolvedUrl: "/" });
  return renderToStaticMarkup(createElement(InvoicePage as ComponentType<object>, props));
}
const payOnPage = (invoiceId: string, fields: Record<string, string>) => postForm(payRoute.POST, `/invoice/${invoiceId}/pay`, { invoiceId }, fields);

let owner: Owner;

beforeAll(async () => {
  owner = await createMerchantOwner({ businessName: "Tola Prints" });
});

describe("creating and editing with allowPartialPayments and minimumPaymentAmount", () => {
  it("defaults to one payment of the whole; stores instalments with a minimum when asked", async () => {
    const plain = await create(owner, { customerEmail: "plain@example.com", lineItems: ITEMS });
    expect(plain.status).toBe(201);
    expect(plain.body.invoice).toMatchObject({ allowPartialPayments: false, minimumPaymentAmount: null, amountPaid: 0, amountDue: 350_000, allocations: [] });

    const parts = await newInvoice(owner, { minimumPaymentAmount: 100_000 });
    expect(parts).toMatchObject({ allowPartialPayments: true, minimumPaymentAmount: 100_000, status: "SENT", amountDue: 350_000 });
    const row = await db.invoice.findUniqueOrThrow({ where: { id: parts.id } });
    expect(row.minimumPaymentAmount).toBe(100_000n);
    // A minimum equal to the total is allowed.
    expect((await newInvoice(owner, { minimumPaymentAmount: 350_000 })).minimumPaymentAmount).toBe(350_000);
  });

  it.each([
    [{ minimumPaymentAmount: 100_000 }, "minimumPaymentAmount", "needs allowPartialPayments"],
    [{ allowPartialPayments: false, minimumPaymentAmount: 100_000 }, "minimumPaymentAmount", "needs allowPartialPayments"],
    [{ allowPartialPayments: true, minimumPaymentAmount: 350_001 }, "minimumPaymentAmount", "at most the invoice total, 350000 kobo"],
    [{ allowPartialPayments: true, minimumPaymentAmount: 0 }, "minimumPaymentAmount", "more than zero"],
    [{ allowPartialPayments: true, minimumPaymentAmount: -5 }, "minimumPaymentAmount", "more than zero"],
    [{ allowPartialPayments: true, minimumPaymentAmount: 10.5 }, "minimumPaymentAmount", "integer number of kobo"],
    [{ allowPartialPayments: true, minimumPaymentAmount: "5000" }, "minimumPaymentAmount", "integer number of kobo"],
    [{ allowPartialPayments: "yes" }, "allowPartialPayments", "true or false"],
  ])("answers 400 for %j with a clear error on %s, storing nothing", async (fields, field, words) => {
    const customerEmail = uniqueEmail("refused");
    const res = await create(owner, { customerEmail, lineItems: ITEMS, ...fields });
    expect(res.status).toBe(400);
    const error = res.body.errors.find((e: { field: string }) => e.field === field);
    expect(error?.message).toContain(words);
    expect(await db.invoice.count({ where: { customerEmail } })).toBe(0);
  });

  it("edits the fields of a draft under the same rules; a sent invoice's stay as promised", async () => {
    const draft = (await create(owner, { customerEmail: uniqueEmail("draft"), lineItems: ITEMS })).body.invoice as Invoice;
    const on = await onInvoice("patch", owner, draft.id, { allowPartialPayments: true, minimumPaymentAmount: 50_000 });
    expect(on.status).toBe(200);
    expect(on.body.invoice).toMatchObject({ allowPartialPayments: true, minimumPaymentAmount: 50_000 });

    // Fewer items: the kept minimum no longer fits the total.
    const smaller = await onInvoice("patch", owner, draft.id, { lineItems: [{ description: "Sticker", amount: 40_000, quantity: 1 }] });
    expect(smaller.status).toBe(400);
    expect(smaller.body.errors).toEqual([{ field: "minimumPaymentAmount", message: "minimumPaymentAmount must be at most the invoice total, 40000 kobo" }]);
    expect(await onInvoice("patch", owner, draft.id, { minimumPaymentAmount: 1 }).then((r) => r.status)).toBe(200);
    // A minimum alone on an invoice paid at once is refused; turning instalments off drops the minimum.
    expect((await onInvoice("patch", owner, draft.id, { allowPartialPayments: false, minimumPaymentAmount: 5_000 })).status).toBe(400);
    const off = await onInvoice("patch", owner, draft.id, { allowPartialPayments: false });
    expect(off.body.invoice).toMatchObject({ allowPartialPayments: false, minimumPaymentAmount: null });

    const sent = await newInvoice(owner);
    expect((await onInvoice("patch", owner, sent.id, { allowPartialPayments: false })).status).toBe(409);
    expect((await readInvoice(owner, sent.id)).allowPartialPayments).toBe(true);
  });
});

describe("POST /api/transactions/initiate with invoiceId: the amount", () => {
  it("must be the amount due when the invoice takes one payment", async () => {
    const whole = await newInvoice(owner, { allowPartialPayments: false });
    const res = await initiate(paymentBody(owner.merchant.id, { invoiceId: whole.id, amount: 100_000 }), { key: owner.secretKey });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "amount", message: "Amount must be the amount due, 350000 kobo" }]);
    expect(await db.transaction.count({ where: { invoiceId: whole.id } })).toBe(0);
  });

  it.each([
    [99_999, "Amount must be at least 100000 kobo"],
    [350_001, "Amount must be at most the amount due, 350000 kobo"],
    [347_000, "Pay the whole 350000 kobo, or leave at least 5000 kobo to pay later"],
  ])("refuses %d kobo of an invoice with a minimum of 100000: %s", async (amount, message) => {
    const invoice = await newInvoice(owner, { minimumPaymentAmount: 100_000 });
    const res = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount }), { key: owner.secretKey });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "amount", message }]);
    expect(await db.transaction.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });

  it("takes any amount from ₦50 without a minimum, and the balance when it is below the minimum", async () => {
    const free = await newInvoice(owner);
    expect((await initiate(paymentBody(owner.merchant.id, { invoiceId: free.id, amount: 5_000 }), { key: owner.secretKey })).status).toBe(201);
    const low = await initiate(paymentBody(owner.merchant.id, { invoiceId: free.id, amount: 4_999 }), { key: owner.secretKey });
    expect(low.status).toBe(400);
    expect(low.body.errors[0].field).toBe("amount");

    const invoice = await newInvoice(owner, { minimumPaymentAmount: 200_000 });
    await pay(owner, invoice, 250_000);
    // ₦1,000 is left, below the ₦2,000 minimum: it may still be paid, and only all of it.
    expect((await readInvoice(owner, invoice.id)).amountDue).toBe(100_000);
    const part = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: 60_000, email: invoice.customerEmail }), {
      key: owner.secretKey,
    });
    expect(part.body.errors).toEqual([{ field: "amount", message: "Amount must be at least 100000 kobo" }]);
    expect(
      (await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: 100_000, email: invoice.customerEmail }), { key: owner.secretKey }))
        .status,
    ).toBe(201);
  });
});

describe("instalments up to PAID", () => {
  it("PARTIALLY_PAID with an invoice.partially_paid per instalment, then PAID once with one invoice.paid; receipts say what is still due", async () => {
    const invoice = await newInvoice(owner, { minimumPaymentAmount: 100_000 });
    const first = await pay(owner, invoice, 150_000);

    let read = await readInvoice(owner, invoice.id);
    expect(read).toMatchObject({ status: "PARTIALLY_PAID", amountPaid: 150_000, amountDue: 200_000 });
    expect(read.allocations).toEqual([expect.objectContaining({ kind: "payment", amount: 150_000, reference: first })]);
    const partial = await eventsOf(owner.merchant.id, "invoice.partially_paid", invoice.id);
    expect(partial).toHaveLength(1);
    expect(partial[0]!.payload).toMatchObject({ status: "PARTIALLY_PAID", amountApplied: 150_000, amountDue: 200_000, reference: first });
    expect(await eventsOf(owner.merchant.id, "invoice.paid", invoice.id)).toHaveLength(0);
    // Paid in part: never voided (core refuses), and re-sending asks for what is left.
    expect((await onInvoice("void", owner, invoice.id)).status).toBe(409);
    const reminder = await invoiceEmailFor(invoice.id);
    expect(reminder!.text).toContain("NGN 2,000.00 is still due");

    const second = await pay(owner, invoice, 200_000);
    read = await readInvoice(owner, invoice.id);
    expect(read).toMatchObject({ status: "PAID", amountPaid: 350_000, amountDue: 0 });
    expect(read.allocations.map((a) => [a.amount, a.reference])).toEqual([
      [150_000, first],
      [200_000, second],
    ]);
    expect(await eventsOf(owner.merchant.id, "invoice.partially_paid", invoice.id)).toHaveLength(1);
    const paid = await eventsOf(owner.merchant.id, "invoice.paid", invoice.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.payload).toMatchObject({ status: "PAID", amountApplied: 200_000, amountDue: 0, reference: second });

    // Each instalment's receipt: the e-mail, the page and the PDF, each as it was at that payment.
    const firstEmail = await receiptEmailFor((await transactionByReference(first)).id);
    expect(firstEmail!.text).toContain(`NGN 1,500.00 paid towards invoice ${invoice.invoiceNumber}; NGN 2,000.00 still due`);
    const secondEmail = await receiptEmailFor((await transactionByReference(second)).id);
    expect(secondEmail!.text).toContain(`Invoice ${invoice.invoiceNumber} is now paid in full`);
    expect(secondEmail!.text).not.toContain("still due");
    expect((await findReceipt(first))!.paidTowards).toEqual([`₦1,500.00 paid towards invoice ${invoice.invoiceNumber}; ₦2,000.00 still due`]);
    const pdf = pdfText(await renderReceiptPdf((await loadReceipt({ reference: second }))!));
    expect(pdf).toContain(`Invoice ${invoice.invoiceNumber} is now paid in full`);

    // Nothing more to pay.
    const again = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id, amount: 5_000 }), { key: owner.secretKey });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This invoice has already been paid");
  });
});

describe("two instalments arriving at the same moment", () => {
  /** A new invoice's two instalments, started in turn and paid at once: paid in full, one event of each kind. */
  async function payBothAtOnce(first: number, second: number, allocated: number[]): Promise<Invoice> {
    const invoice = await newInvoice(owner);
    const [a, b] = [await start(owner, invoice, first), await start(owner, invoice, second)];
    await Promise.all([succeed(a, first), succeed(b, second)]);

    const read = await readInvoice(owner, invoice.id);
    expect(read).toMatchObject({ status: "PAID", amountPaid: 350_000, amountDue: 0 });
    expect(read.allocations.map((x) => x.amount).sort((x, y) => x - y)).toEqual(allocated);
    expect(await eventsOf(owner.merchant.id, "invoice.partially_paid", invoice.id)).toHaveLength(1);
    expect(await eventsOf(owner.merchant.id, "invoice.paid", invoice.id)).toHaveLength(1);
    return invoice;
  }

  it("applies both in turn: one invoice.partially_paid, one invoice.paid, exact amounts", async () => {
    const invoice = await payBothAtOnce(100_000, 250_000, [100_000, 250_000]);
    expect(await db.transaction.count({ where: { invoiceId: invoice.id, status: "COMPLETED", flaggedReason: null } })).toBe(2);
  });

  it("turns what together exceeds the balance into the customer's credit; a later invoice takes it when sent", async () => {
    const invoice = await payBothAtOnce(200_000, 200_000, [150_000, 200_000]);
    const customer = await db.customer.findFirstOrThrow({ where: { merchantId: owner.merchant.id, email: invoice.customerEmail } });
    expect(customer.balance).toBe(50_000n);
    const credits = await db.paymentAllocation.findMany({ where: { customerId: customer.id, kind: "credit" } });
    expect(credits.map((c) => c.amount)).toEqual([50_000n]);
    // Neither payment is refunded: all of the money is accounted for.
    expect(await db.transaction.count({ where: { invoiceId: invoice.id, autoRefundDueAt: { not: null } } })).toBe(0);
    // The payment that paid the rest says so, and where the rest went.
    const last = credits[0]!.transactionId!;
    const email = await receiptEmailFor(last);
    expect(email!.text).toContain(`Invoice ${invoice.invoiceNumber} is now paid in full`);
    expect(email!.text).toContain("NGN 500.00 is kept as your credit with Tola Prints");

    // createInvoice answers the invoice after the credit paid part of it.
    const next = await newInvoice(owner, { customerEmail: invoice.customerEmail });
    expect(next).toMatchObject({ status: "PARTIALLY_PAID", amountPaid: 50_000, amountDue: 300_000 });
    expect(next.allocations).toEqual([expect.objectContaining({ kind: "credit_applied", amount: 50_000, transactionId: null, reference: null })]);
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).balance).toBe(0n);
  });

  it("sendInvoice answers the invoice after the credit paid it, too", async () => {
    const customerEmail = uniqueEmail("credit");
    const first = await newInvoice(owner, { customerEmail, lineItems: [{ description: "Deposit", amount: 150_000, quantity: 1 }] });
    const [a, b] = [await start(owner, first, 100_000), await start(owner, first, 100_000)];
    await Promise.all([succeed(a, 100_000), succeed(b, 100_000)]);
    const draft = (await create(owner, { customerEmail, lineItems: [{ description: "Balance", amount: 60_000, quantity: 1 }] })).body.invoice as Invoice;
    expect(draft.status).toBe("DRAFT");
    const sent = await onInvoice("send", owner, draft.id);
    expect(sent.status).toBe(200);
    expect(sent.body.invoice).toMatchObject({ status: "PARTIALLY_PAID", amountPaid: 50_000, amountDue: 10_000 });
  });
});

describe("the pay page (no JavaScript)", () => {
  it("shows total, paid so far and amount due, and an amount field starting at the amount due", async () => {
    const invoice = await newInvoice(owner, { customerName: "Ngozi Ade", minimumPaymentAmount: 100_000 });
    await pay(owner, invoice, 100_000);
    const html = await renderPage(invoice.id);
    expect(html).toContain("Paid so far");
    expect(html).toContain("Amount due");
    expect(html).toMatch(/<label[^>]*for="amount"[^>]*>Amount \(₦\)<\/label>/);
    expect(html).toContain('value="2,500.00"');
    expect(html).toContain("from ₦1,000.00 up to ₦2,500.00");
    expect(html).toContain('action="/invoice/' + invoice.id + '/pay"');
    // The PDF says the same.
    const pdf = pdfText((await invoicePdf(invoice.id)).pdf);
    expect(pdf).toContain("Paid so far: NGN 1,000.00");
    expect(pdf).toContain("Amount due: NGN 2,500.00");
    expect(pdf).not.toContain("Total due:");
  });

  it("charges the amount typed in naira, exactly", async () => {
    const invoice = await newInvoice(owner, { customerName: "Ngozi Ade", minimumPaymentAmount: 100_000 });
    const res = await payOnPage(invoice.id, { amount: "₦1,234.56", channel: "card" });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/\/checkout\/sandbox\//);
    const [t] = await db.transaction.findMany({ where: { invoiceId: invoice.id } });
    expect(t).toMatchObject({ amount: 123_456n, customerEmail: invoice.customerEmail });
  });

  it.each([
    ["", "Enter the amount you want to pay"],
    ["abc", "Enter an amount in naira"],
    ["12.345", "Enter an amount in naira"],
    ["999.99", "Amount must be at least ₦1,000.00"],
    ["3,500.01", "Amount must be at most the amount due, ₦3,500.00"],
  ])("sends %j back to the form with its error on amount, starting nothing", async (amount, message) => {
    const invoice = await newInvoice(owner, { customerName: "Ngozi Ade", minimumPaymentAmount: 100_000 });
    const res = await payOnPage(invoice.id, { amount, channel: "card" });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/invoice/${invoice.id}`);
    const flash = flashOf(res.setCookie)!;
    expect(flash.errors.find((e) => e.field === "amount")?.message).toContain(message);
    expect(flash.values.amount).toBe(amount);
    expect(await db.transaction.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });

  it("reports the name and the amount together when both are wrong", async () => {
    const invoice = await newInvoice(owner);
    const res = await payOnPage(invoice.id, { amount: "1", name: "" });
    expect(
      flashOf(res.setCookie)!
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(["amount", "name"]);
  });

  it("charges the amount due, whatever the form says, when the invoice takes one payment", async () => {
    const invoice = await newInvoice(owner, { customerName: "Ngozi Ade", allowPartialPayments: false });
    const html = await renderPage(invoice.id);
    expect(html).not.toContain('name="amount"');
    const res = await payOnPage(invoice.id, { amount: "100" });
    expect(res.status).toBe(303);
    expect((await db.transaction.findFirstOrThrow({ where: { invoiceId: invoice.id } })).amount).toBe(350_000n);
  });
});

describe("markOverdueInvoices and the invoice e-mail", () => {
  it("moves a PARTIALLY_PAID invoice past its due date to OVERDUE; it can still be paid to PAID", async () => {
    const invoice = await newInvoice(owner, { dueDate: "2024-03-01" });
    await pay(owner, invoice, 100_000);
    expect((await readInvoice(owner, invoice.id)).status).toBe("PARTIALLY_PAID");
    await markOverdueInvoices();
    const overdue = await readInvoice(owner, invoice.id);
    expect(overdue).toMatchObject({ status: "OVERDUE", amountPaid: 100_000, amountDue: 250_000 });
    expect(await eventsOf(owner.merchant.id, "invoice.overdue", invoice.id)).toHaveLength(1);

    await pay(owner, invoice, 100_000);
    expect((await readInvoice(owner, invoice.id)).status).toBe("OVERDUE");
    await pay(owner, invoice, 150_000);
    expect((await readInvoice(owner, invoice.id)).status).toBe("PAID");
    expect(await eventsOf(owner.merchant.id, "invoice.partially_paid", invoice.id)).toHaveLength(2);
    expect(await eventsOf(owner.merchant.id, "invoice.paid", invoice.id)).toHaveLength(1);
  });

  it("says the customer may pay in parts, and shows nothing already paid before any payment", async () => {
    const invoice = await newInvoice(owner);
    const message = await invoiceEmailFor(invoice.id);
    expect(message!.text).toContain("You may pay it in parts");
    expect(message!.text).not.toContain("still due");
    const plain = await newInvoice(owner, { allowPartialPayments: false });
    expect((await invoiceEmailFor(plain.id))!.text).not.toContain("in parts");
  });
});

describe("the overview's outstanding invoices", () => {
  it("counts a partly paid invoice by what is still due, also when it is overdue", async () => {
    const m = await createMerchantOwner();
    const partly = await newInvoice(m);
    await pay(m, partly, 100_000);
    const late = await newInvoice(m, { dueDate: "2024-05-01" });
    await pay(m, late, 50_000);
    await newInvoice(m, { allowPartialPayments: false });
    const { invoices } = await getOverview({ merchantId: m.merchant.id, environment: "test" }, "day");
    // 250,000 + 300,000 + 350,000 still due.
    expect(invoices.outstanding).toEqual({ count: 3, amount: 900_000 });
    expect(invoices.overdue).toEqual({ count: 1, amount: 300_000 });
    expect(invoices.overdueList.map((i) => [i.id, i.amount])).toEqual([[late.id, 300_000]]);
  });
});
