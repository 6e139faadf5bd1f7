// Bank transfers into a customer's own account number (issue 27): issuing the account through the
// real routes and the sandbox, transfers reported by the sandbox's signed webhooks (POST
// /api/dev/transfers, or a signed body posted to the webhook route), matched to the customer's open
// invoices and credit, and the credit given back. Real PostgreSQL throughout.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextRequest } from "next/server";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Customer, Environment } from "@/lib/db/generated/client";
import { createInvoice } from "@/lib/invoices/service";
import { invoiceEmailFor } from "@/lib/invoices/email";
import { REFERENCE_FORMAT } from "@/lib/payments/reference";
import { createSandboxAdapter, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "@/lib/processors/sandbox";
import { receiveTransfer } from "@/lib/transfers/inbound";
import { listUnmatchedTransfers } from "@/lib/transfers/unmatched";
import * as accountRoute from "@/app/api/merchants/[merchantId]/customers/[customerId]/virtual-account/route";
import * as creditRefundRoute from "@/app/api/merchants/[merchantId]/customers/[customerId]/credit/refund/route";
import * as devTransferRoute from "@/app/api/dev/transfers/route";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as sendRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/send/route";
import * as publicPdfRoute from "@/app/invoice/[invoiceId]/pdf/route";
import InvoicePage, { getServerSideProps as invoicePageProps } from "@/pages/invoice/[invoiceId]";
import { call } from "../helpers/api";
import { createMerchantOwner, setView, ownerAndStranger, type Owner } from "../helpers/factories";
import { postWebhook } from "../helpers/payments";
import { pdfText } from "../helpers/pdf-text";
import { insertCustomer } from "../helpers/rows";

const tag = () => randomBytes(4).toString("hex");
const email = () => `tolu.${tag()}@example.com`;

async function customer(owner: Owner, { environment = "test" as Environment, name = "Tolu Adebayo" as string | null } = {}): Promise<Customer> {
  return insertCustomer({ merchantId: owner.merchant.id, environment, email: email(), name });
}

const accountPath = (owner: Owner, customerId: string) => `/api/merchants/${owner.merchant.id}/customers/${customerId}/virtual-account`;
const postAccount = (owner: Owner, customerId: string, body: unknown = {}, token = owner.token) =>
  call(accountRoute.POST, { path: accountPath(owner, customerId), params: { merchantId: owner.merchant.id, customerId }, body, token });
const getAccount = (owner: Owner, customerId: string, token = owner.token) =>
  call(accountRoute.GET, { path: accountPath(owner, customerId), params: { merchantId: owner.merchant.id, customerId }, token });
const refundCredit = (owner: Owner, customerId: string, body: unknown = {}, token = owner.token) =>
  call(creditRefundRoute.POST, {
    path: `/api/merchants/${owner.merchant.id}/customers/${customerId}/credit/refund`,
    params: { merchantId: owner.merchant.id, customerId },
    body,
    token,
  });
const transfer = (accountNumber: string, amount: number, senderName?: string) =>
  call(devTransferRoute.POST, { path: "/api/dev/transfers", body: { accountNumber, amount, ...(senderName ? { senderName } : {}) } });

/** A customer with an account number issued through the API. */
async function withAccount(owner: Owner, options: Parameters<typeof customer>[1] = {}) {
  const c = await customer(owner, options);
  const res = await postAccount(owner, c.id);
  expect(res.status, res.text).toBe(201);
  return { customer: c, accountNumber: res.body.virtualAccount.accountNumber as string };
}

/** A sent invoice to the customer, created a moment after the previous one (oldest first is by creation). */
async function sentInvoice(owner: Owner, c: Customer, amount: number) {
  const invoice = await createInvoice(
    { merchantId: owner.merchant.id, environment: c.environment },
    { customerEmail: c.email, customerName: c.name ?? undefined, status: "SENT", lineItems: [{ description: "Catering", amount, quantity: 1 }] },
  );
  await new Promise((resolve) => setTimeout(resolve, 5));
  return invoice;
}

const invoiceRow = (id: string) => db.invoice.findUniqueOrThrow({ where: { id } });
const customerRow = (id: string) => db.customer.findUniqueOrThrow({ where: { id } });
const transactionOf = (reference: string) => db.transaction.findUniqueOrThrow({ where: { reference } });

/** A Paystack-shaped dedicated_nuban charge.success, signed like the sandbox signs it. */
function transferEvent(accountNumber: string, amount: number, id = `sbx_${tag()}`) {
  const body = JSON.stringify({
    event: "charge.success",
    data: {
      id,
      reference: `sbx_trf_${id}`,
      status: "success",
      amount,
      currency: "NGN",
      fees: 0,
      channel: "dedicated_nuban",
      paid_at: new Date().toISOString(),
      customer: { email: "someone@example.com", customer_code: null },
      authorization: {
        authorization_code: "AUTH_x",
        channel: "dedicated_nuban",
        sender_name: "ADA OBI",
        sender_bank: "Kuda Bank",
        receiver_bank_account_number: accountNumber,
      },
    },
  });
  return { body, headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body) }, reference: `sbx_trf_${id}` };
}

// Made once, as the file loads: every test reads them.
const { owner, stranger: other } = await ownerAndStranger({ businessName: "Mama Put Kitchen" });

describe("a customer's account number", () => {
  it("is issued once (201), then answered as it is (200), and read with GET", async () => {
    const c = await customer(owner);
    expect((await getAccount(owner, c.id)).body).toMatchObject({ message: "No account number for this customer yet" });
    expect((await getAccount(owner, c.id)).status).toBe(404);

    const first = await postAccount(owner, c.id, { phone: "+2348031234567" });
    expect(first.status, first.text).toBe(201);
    expect(first.body.virtualAccount).toEqual({
      bankName: "Wema Bank",
      accountNumber: expect.stringMatching(/^9\d{9}$/),
      accountName: "Mama Put Kitchen / Tolu Adebayo",
      status: "active",
      createdAt: expect.any(String),
    });
    const again = await postAccount(owner, c.id);
    expect(again.status).toBe(200);
    expect(again.body.virtualAccount).toEqual(first.body.virtualAccount);
    const read = await getAccount(owner, c.id, owner.secretKey);
    expect(read.status).toBe(200);
    expect(read.body.virtualAccount).toEqual(first.body.virtualAccount);
    expect(await db.virtualAccount.count({ where: { customerId: c.id } })).toBe(1);
    expect(await db.sandboxVirtualAccount.count({ where: { email: c.email } })).toBe(1);
  });

  it("asked twice at once, is issued once: the processor is called once", async () => {
    const c = await customer(owner);
    const answers = await Promise.all([postAccount(owner, c.id), postAccount(owner, c.id), postAccount(owner, c.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.virtualAccount.accountNumber)).size).toBe(1);
    expect(await db.sandboxVirtualAccount.count({ where: { email: c.email } })).toBe(1);
  });

  it("refuses a malformed BVN (400) and stores none it is given", async () => {
    const c = await customer(owner);
    const bad = await postAccount(owner, c.id, { bvn: "123" });
    expect(bad.status).toBe(400);
    expect(await db.virtualAccount.count({ where: { customerId: c.id } })).toBe(0);
    const ok = await postAccount(owner, c.id, { bvn: "22212345678" });
    expect(ok.status).toBe(201);
    expect(JSON.stringify(await db.virtualAccount.findUnique({ where: { customerId: c.id } }))).not.toContain("22212345678");
  });

  it("of another merchant's customer, or one of the other mode, answers 404", async () => {
    const theirs = await customer(other);
    expect((await postAccount(owner, theirs.id)).status).toBe(404);
    expect((await getAccount(owner, theirs.id)).status).toBe(404);
    const live = await customer(owner, { environment: "live" });
    expect((await postAccount(owner, live.id)).status).toBe(404);
    expect(await db.virtualAccount.count({ where: { customerId: { in: [theirs.id, live.id] } } })).toBe(0);
  });

  it("in live mode needs a live processor: 409, and no test account is made for a live customer", async () => {
    const liveOwner = await createMerchantOwner();
    await setView(liveOwner.merchant.id, liveOwner.user.id, "live");
    const live = await customer(liveOwner, { environment: "live" });
    const res = await postAccount(liveOwner, live.id);
    expect(res.status, res.text).toBe(409);
    expect(await db.virtualAccount.count({ where: { customerId: live.id } })).toBe(0);
  });

  it("is given to each invoice's customer on send when the merchant asks (assignVirtualAccounts), customer row made first", async () => {
    const merchant = await createMerchantOwner({ businessName: "Assigning Ltd" });
    const address = email();
    const create = (customerEmail: string, status: "DRAFT" | "SENT") =>
      call(invoicesRoute.POST, {
        path: `/api/merchants/${merchant.merchant.id}/invoices`,
        params: { merchantId: merchant.merchant.id },
        body: { customerEmail, customerName: "Bisi Ade", status, lineItems: [{ description: "Rice", amount: 50_000, quantity: 1 }] },
        token: merchant.token,
      });
    // Off (the default): nothing is issued.
    expect((await create(address, "SENT")).status).toBe(201);
    expect(await db.virtualAccount.count({ where: { merchantId: merchant.merchant.id } })).toBe(0);

    await db.merchant.update({ where: { id: merchant.merchant.id }, data: { assignVirtualAccounts: true } });
    const draft = await create(address.toUpperCase(), "DRAFT");
    expect(await db.virtualAccount.count({ where: { merchantId: merchant.merchant.id } })).toBe(0);
    const sent = await call(sendRoute.POST, {
      path: `/api/merchants/${merchant.merchant.id}/invoices/${draft.body.invoice.id}/send`,
      params: { merchantId: merchant.merchant.id, invoiceId: draft.body.invoice.id },
      body: {},
      token: merchant.token,
    });
    expect(sent.status, sent.text).toBe(200);
    const row = await db.customer.findUniqueOrThrow({
      where: { merchantId_environment_email: { merchantId: merchant.merchant.id, environment: "test", email: address } },
      include: { virtualAccount: true },
    });
    expect(row).toMatchObject({ name: "Bisi Ade", totalPaid: 0n, paymentCount: 0, balance: 0n, lastPaymentAt: null });
    expect(row.virtualAccount).toMatchObject({ bankName: "Wema Bank", accountName: "Assigning Ltd / Bisi Ade", environment: "test" });

    // A new invoice to a new customer, created as SENT, gets one too; its e-mail says where to pay.
    const next = email();
    const created = await create(next, "SENT");
    const account = await db.virtualAccount.findFirstOrThrow({ where: { merchantId: merchant.merchant.id, customer: { email: next } } });
    const message = await invoiceEmailFor(created.body.invoice.id);
    expect(message!.text).toContain(`Pay by bank transfer to Wema Bank ${account.accountNumber} (Assigning Ltd / Bisi Ade)`);
  });

  it("failing at the processor does not stop the invoice from being sent", async () => {
    const merchant = await createMerchantOwner();
    await db.merchant.update({ where: { id: merchant.merchant.id }, data: { assignVirtualAccounts: true } });
    // The sandbox refuses a subaccount it does not know: the account cannot be issued.
    await db.processorSubaccount.create({ data: { merchantId: merchant.merchant.id, processor: "sandbox", environment: "test", code: "SBX_ACCT_missing" } });
    const res = await call(invoicesRoute.POST, {
      path: `/api/merchants/${merchant.merchant.id}/invoices`,
      params: { merchantId: merchant.merchant.id },
      body: { customerEmail: email(), status: "SENT", lineItems: [{ description: "Rice", amount: 50_000, quantity: 1 }] },
      token: merchant.token,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.invoice.status).toBe("SENT");
    expect(await db.virtualAccount.count({ where: { merchantId: merchant.merchant.id } })).toBe(0);
  });
});

describe("a transfer into the account", () => {
  it("pays the customer's open invoices oldest first: the oldest in full, the next in part", async () => {
    const { customer: c, accountNumber } = await withAccount(owner);
    const older = await sentInvoice(owner, c, 100_000);
    const newer = await sentInvoice(owner, c, 200_000);

    const res = await transfer(accountNumber, 250_000, "ADA OBI");
    expect(res.status, res.text).toBe(200);
    expect(res.body.transfer).toMatchObject({ outcome: "completed", processorReference: expect.stringMatching(/^sbx_trf_/) });
    const reference = res.body.transfer.reference as string;
    expect(reference).toMatch(/^TRF-\d{13}-[0-9a-z]{8}$/);
    expect(reference).toMatch(REFERENCE_FORMAT);

    const t = await transactionOf(reference);
    const account = await db.virtualAccount.findUniqueOrThrow({ where: { customerId: c.id } });
    expect(t).toMatchObject({
      status: "COMPLETED",
      amount: 250_000n,
      currency: "NGN",
      merchantId: owner.merchant.id,
      environment: "test",
      processor: "sandbox",
      chargeReference: res.body.transfer.processorReference,
      customerId: c.id,
      customerEmail: c.email,
      customerName: c.name,
      virtualAccountId: account.id,
      channel: "bank_transfer",
      paymentMethod: "BANK_TRANSFER",
      senderName: "ADA OBI",
      senderBank: "Guaranty Trust Bank",
      invoiceId: null,
    });
    expect(await invoiceRow(older.id)).toMatchObject({ status: "PAID", amountPaid: 100_000n });
    expect(await invoiceRow(newer.id)).toMatchObject({ status: "PARTIALLY_PAID", amountPaid: 150_000n });
    const allocations = await db.paymentAllocation.findMany({ where: { transactionId: t.id }, orderBy: { createdAt: "asc" } });
    expect(allocations.map((a) => [a.kind, a.invoiceId, a.amount])).toEqual([
      ["payment", older.id, 100_000n],
      ["payment", newer.id, 150_000n],
    ]);
    expect(await customerRow(c.id)).toMatchObject({ balance: 0n, paymentCount: 1, totalPaid: 250_000n });
    const types = (await db.event.findMany({ where: { merchantId: owner.merchant.id, payload: { path: ["reference"], equals: reference } } })).map(
      (e) => e.type,
    );
    expect(types.sort()).toEqual(["invoice.paid", "invoice.partially_paid", "transaction.completed"]);
    // The processor's own record answers verify (reconciliation, refunds).
    expect(await db.sandboxCharge.findUnique({ where: { reference: t.chargeReference! } })).toMatchObject({ status: "success", amount: 250_000n });
  });

  it("beyond what is owed becomes the customer's credit, which pays their next invoice when it is sent", async () => {
    const { customer: c, accountNumber } = await withAccount(owner);
    const owed = await sentInvoice(owner, c, 100_000);
    const res = await transfer(accountNumber, 300_000);
    expect(res.body.transfer.outcome).toBe("completed");
    const t = await transactionOf(res.body.transfer.reference);
    expect(await invoiceRow(owed.id)).toMatchObject({ status: "PAID", amountPaid: 100_000n });
    expect(await customerRow(c.id)).toMatchObject({ balance: 200_000n });
    expect(await db.paymentAllocation.findFirst({ where: { transactionId: t.id, kind: "credit" } })).toMatchObject({ amount: 200_000n, customerId: c.id });
    const changed = await db.event.findMany({
      where: { merchantId: owner.merchant.id, type: "customer.balance_changed", payload: { path: ["id"], equals: c.id } },
    });
    expect(changed.map((e) => e.payload)).toEqual([
      expect.objectContaining({ reason: "overpayment", change: 200_000, previousBalance: 0, balance: 200_000, transactionId: t.id }),
    ]);

    const next = await sentInvoice(owner, c, 150_000);
    expect(await invoiceRow(next.id)).toMatchObject({ status: "PAID", amountPaid: 150_000n });
    expect(await db.paymentAllocation.findFirst({ where: { invoiceId: next.id } })).toMatchObject({
      kind: "credit_applied",
      amount: 150_000n,
      transactionId: null,
    });
    expect(await customerRow(c.id)).toMatchObject({ balance: 50_000n });
  });

  it("is matched by the reference the account was made with (our customer's id) when the event names no number", async () => {
    const { customer: c } = await withAccount(owner);
    const event = {
      externalId: `charge.completed:${tag()}`,
      type: "charge.completed",
      kind: "transfer" as const,
      reference: `flw_${tag()}`,
      charge: {
        reference: "",
        status: "success" as const,
        amount: 45_000n,
        currency: "NGN",
        fee: 0n,
        paymentMethod: "BANK_TRANSFER",
        paidAt: new Date(),
        processorTransactionId: "1",
        message: null,
      },
      transfer: { accountNumber: null, accountReference: c.id.toUpperCase(), customerCode: null, senderName: null, senderBank: null, narration: null },
    };
    event.charge.reference = event.reference;
    expect(await receiveTransfer({ adapter: createSandboxAdapter(), mode: "test", event, payload: {} })).toBe("completed");
    expect(await db.transaction.findUniqueOrThrow({ where: { chargeReference: event.reference } })).toMatchObject({
      customerId: c.id,
      amount: 45_000n,
      status: "COMPLETED",
    });
    expect(await customerRow(c.id)).toMatchObject({ balance: 45_000n });
  });

  it("to an account nobody has is recorded as unknown_account, settled to no one, and listed for the operators", async () => {
    const number = `8${String(Date.now()).slice(-9)}`;
    const before = await db.transaction.count();
    const res = await transfer(number, 120_000);
    expect(res.status).toBe(200);
    expect(res.body.transfer).toMatchObject({ outcome: "unknown_account", reference: null });
    expect(await db.transaction.count()).toBe(before);
    const event = await db.processorEvent.findFirstOrThrow({
      where: { processor: "sandbox", outcome: "unknown_account", payload: { path: ["data", "reference"], equals: res.body.transfer.processorReference } },
    });
    expect(event.transactionId).toBeNull();
    const listed = await listUnmatchedTransfers();
    expect(listed).toContainEqual(expect.objectContaining({ id: event.id, outcome: "unknown_account", accountNumber: number, amount: "120000" }));
    // Redelivered: still stored once.
    const webhook = transferEvent(number, 5_000);
    expect((await postWebhook("sandbox", webhook)).status).toBe(200);
    expect((await postWebhook("sandbox", webhook)).status).toBe(200);
    expect(await db.processorEvent.count({ where: { payload: { path: ["data", "reference"], equals: webhook.reference } } })).toBe(1);
  });

  it("signed for the other mode than its account's does not settle (the test/live wall)", async () => {
    // A live account (as a live processor would have issued it): the sandbox's signature proves test mode.
    const live = await customer(owner, { environment: "live" });
    const number = `7${String(Date.now()).slice(-9)}`;
    await db.virtualAccount.create({
      data: {
        merchantId: owner.merchant.id,
        environment: "live",
        customerId: live.id,
        processor: "sandbox",
        bankName: "Wema Bank",
        accountNumber: number,
        accountName: "Live",
      },
    });
    const res = await transfer(number, 90_000);
    expect(res.body.transfer).toMatchObject({ outcome: "wrong_mode", reference: null });
    expect(await db.transaction.count({ where: { customerId: live.id } })).toBe(0);
    expect(await customerRow(live.id)).toMatchObject({ balance: 0n, paymentCount: 0 });
    expect((await listUnmatchedTransfers()).map((row) => row.outcome)).toContain("wrong_mode");
  });

  it("delivered twice, or twice at once, makes one Transaction and one set of allocations", async () => {
    const { customer: c, accountNumber } = await withAccount(owner);
    const invoice = await sentInvoice(owner, c, 60_000);
    const webhook = transferEvent(accountNumber, 100_000);
    const answers = await Promise.all([postWebhook("sandbox", webhook), postWebhook("sandbox", webhook), postWebhook("sandbox", webhook)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await postWebhook("sandbox", webhook)).status).toBe(200);

    const made = await db.transaction.findMany({ where: { chargeReference: webhook.reference } });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "COMPLETED", amount: 100_000n });
    const allocations = await db.paymentAllocation.findMany({ where: { transactionId: made[0]!.id } });
    expect(allocations.map((a) => [a.kind, a.amount]).sort()).toEqual([
      ["credit", 40_000n],
      ["payment", 60_000n],
    ]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "PAID", amountPaid: 60_000n });
    expect(await customerRow(c.id)).toMatchObject({ balance: 40_000n, paymentCount: 1 });
    const outcomes = await db.processorEvent.findMany({ where: { processor: "sandbox", payload: { path: ["data", "reference"], equals: webhook.reference } } });
    expect(outcomes.map((e) => e.outcome)).toEqual(["completed"]);

    // The same charge under another event id (a processor's second kind of event) is not counted again.
    const resent = JSON.parse(webhook.body) as { data: { id: string } };
    resent.data.id = `${resent.data.id}_b`;
    const body = JSON.stringify(resent);
    const again = { body, headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body) } };
    expect((await postWebhook("sandbox", again)).status).toBe(200);
    expect(await db.transaction.count({ where: { chargeReference: webhook.reference } })).toBe(1);
    expect(await customerRow(c.id)).toMatchObject({ balance: 40_000n, paymentCount: 1 });
  });
});

describe("POST …/customers/:customerId/credit/refund", () => {
  it("refunds part, then the rest, of the credit through the transfer that made it; more than the balance is a 400", async () => {
    const { customer: c, accountNumber } = await withAccount(owner);
    const paid = await transfer(accountNumber, 300_000);
    const t = await transactionOf(paid.body.transfer.reference);
    expect(await customerRow(c.id)).toMatchObject({ balance: 300_000n });

    const tooMuch = await refundCredit(owner, c.id, { amount: 300_001 });
    expect(tooMuch.status).toBe(400);
    expect(await customerRow(c.id)).toMatchObject({ balance: 300_000n });
    expect((await transactionOf(t.reference)).refundedAmount).toBe(0n);

    const part = await refundCredit(owner, c.id, { amount: 100_000 }, owner.secretKey);
    expect(part.status, part.text).toBe(200);
    expect(part.body.customer).toMatchObject({ id: c.id, balance: 200_000 });
    expect(await transactionOf(t.reference)).toMatchObject({ refundedAmount: 100_000n, status: "REFUNDED" });
    expect(await db.refund.findMany({ where: { transactionId: t.id } })).toEqual([expect.objectContaining({ amount: 100_000n, status: "processed" })]);

    const rest = await refundCredit(owner, c.id);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.customer.balance).toBe(0);
    expect((await transactionOf(t.reference)).refundedAmount).toBe(300_000n);
    const given = await db.paymentAllocation.findMany({ where: { customerId: c.id, kind: "credit_refunded" }, orderBy: { createdAt: "asc" } });
    expect(given.map((a) => [a.transactionId, a.amount])).toEqual([
      [t.id, 100_000n],
      [t.id, 200_000n],
    ]);
    const reasons = await db.event.findMany({
      where: { type: "customer.balance_changed", payload: { path: ["id"], equals: c.id } },
      orderBy: { createdAt: "asc" },
    });
    expect(reasons.map((e) => [(e.payload as { reason: string }).reason, (e.payload as { change: number }).change])).toEqual([
      ["overpayment", 300_000],
      ["refunded", -100_000],
      ["refunded", -200_000],
    ]);
    expect((await refundCredit(owner, c.id)).status).toBe(400);
  });

  it("takes the newest transfer's credit first, each within what it can still refund", async () => {
    const { customer: c, accountNumber } = await withAccount(owner);
    const first = await transactionOf((await transfer(accountNumber, 100_000)).body.transfer.reference);
    const second = await transactionOf((await transfer(accountNumber, 200_000)).body.transfer.reference);
    const res = await refundCredit(owner, c.id, { amount: 250_000 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.customer.balance).toBe(50_000);
    expect((await transactionOf(second.reference)).refundedAmount).toBe(200_000n);
    expect((await transactionOf(first.reference)).refundedAmount).toBe(50_000n);
  });

  it("run twice at once never takes the balance below zero", async () => {
    const { customer: c, accountNumber } = await withAccount(owner);
    const t = await transactionOf((await transfer(accountNumber, 150_000)).body.transfer.reference);
    const answers = await Promise.all([refundCredit(owner, c.id), refundCredit(owner, c.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await customerRow(c.id)).toMatchObject({ balance: 0n });
    expect((await transactionOf(t.reference)).refundedAmount).toBe(150_000n);
  });

  it("gives the credit back when the processor refuses the refund (502)", async () => {
    const { customer: c, accountNumber } = await withAccount(owner);
    const t = await transactionOf((await transfer(accountNumber, 80_000)).body.transfer.reference);
    // The sandbox refuses to refund a charge it does not hold as paid.
    await db.sandboxCharge.update({ where: { reference: t.chargeReference! }, data: { status: "failed" } });
    const res = await refundCredit(owner, c.id);
    expect(res.status, res.text).toBe(502);
    expect(await customerRow(c.id)).toMatchObject({ balance: 80_000n });
    expect(await db.paymentAllocation.count({ where: { customerId: c.id, kind: "credit_refunded" } })).toBe(0);
    expect((await transactionOf(t.reference)).refundedAmount).toBe(0n);
    const last = await db.event.findFirstOrThrow({
      where: { type: "customer.balance_changed", payload: { path: ["id"], equals: c.id } },
      orderBy: { createdAt: "desc" },
    });
    expect(last.payload).toMatchObject({ reason: "refund_failed", change: 80_000, balance: 80_000 });
  });

  it("of another merchant's customer answers 404 and changes nothing", async () => {
    const { customer: c, accountNumber } = await withAccount(owner);
    await transfer(accountNumber, 70_000);
    const res = await refundCredit(other, c.id);
    expect(res.status).toBe(404);
    expect(await customerRow(c.id)).toMatchObject({ balance: 70_000n });
  });
});

describe("pay by bank transfer on the invoice", () => {
  it("is on the pay page (no JavaScript), the e-mail and the PDF once the customer has an account, and gone once paid", async () => {
    const c = await customer(owner, { name: "Kemi Balogun" });
    const invoice = await sentInvoice(owner, c, 90_000);
    const page = async () => {
      const res = { statusCode: 200, setHeader: () => undefined };
      const loader = invoicePageProps as unknown as (ctx: unknown) => Promise<{ props: Parameters<typeof InvoicePage>[0] }>;
      const { props } = await loader({ params: { invoiceId: invoice.id }, req: { cookies: {}, headers: {} }, res, query: {}, resolvedUrl: "/" });
      return renderToStaticMarkup(createElement(InvoicePage, props));
    };
    const pdf = async () => {
      const res = await publicPdfRoute.GET(new NextRequest(`http://localhost:3000/invoice/${invoice.id}/pdf`), {
        params: Promise.resolve({ invoiceId: invoice.id }),
      });
      return pdfText(Buffer.from(await res.arrayBuffer()));
    };
    expect(await page()).not.toContain("Pay by bank transfer");
    expect((await invoiceEmailFor(invoice.id))!.text).not.toContain("Pay by bank transfer");

    const issued = await postAccount(owner, c.id);
    const { accountNumber } = issued.body.virtualAccount as { accountNumber: string };
    const sentence = `Pay by bank transfer to Wema Bank ${accountNumber} (Mama Put Kitchen / Kemi Balogun)`;
    const html = await page();
    expect(html).toContain(sentence);
    expect(html).toContain("<h2");
    expect((await invoiceEmailFor(invoice.id))!.text).toContain(sentence);
    expect(await pdf()).toContain(sentence);

    await transfer(accountNumber, 90_000);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "PAID" });
    expect(await page()).not.toContain("Pay by bank transfer");
    expect(await pdf()).not.toContain("Pay by bank transfer");
  });
});
