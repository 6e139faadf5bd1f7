// What merchants and integrators see of bank transfers and credit: the customer's pay-in account and
// allocations in the customer API, a transfer's sender on transactions (API, timeline, CSV, "paid for"),
// and the assignVirtualAccounts setting. The settlement engine is not under test here: its rows
// (VirtualAccount, PaymentAllocation, the transfer Transaction) are written directly.
import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import type { AllocationKind, Environment } from "@/lib/db/generated/enums";
import { CUSTOMER_DETAIL_LIMIT } from "@/lib/customers/queries";
import { transactionsCsvStream } from "@/lib/payments/export";
import { paidForByTransaction } from "@/lib/payments/paid-for";
import { paymentTrail } from "@/lib/payments/allocations";
import { senderLine } from "@/components/transactions/transaction-display";
import * as customerRoute from "@/app/api/merchants/[merchantId]/customers/[customerId]/route";
import * as customersRoute from "@/app/api/merchants/[merchantId]/customers/route";
import * as transactionsRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as transactionRoute from "@/app/api/merchants/[merchantId]/transactions/[transactionId]/route";
import { call, type CallResult } from "../helpers/api";
import { getMerchant, putMerchant } from "../helpers/merchant";
import { createMember, createMerchantOwner, readyForLive, type Owner } from "../helpers/factories";
import { insertCustomer, insertInvoice, insertTransaction } from "../helpers/rows";

type Scope = { merchantId: string; environment: Environment };

const tag = () => randomBytes(4).toString("hex");
const T0 = new Date("2026-11-02T09:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** A new merchant, and its test mode: where every row in this file is written. */
async function merchantInTestMode(): Promise<{ owner: Owner; scope: Scope }> {
  const owner = await createMerchantOwner();
  return { owner, scope: { merchantId: owner.merchant.id, environment: "test" } };
}

const getCustomer = (owner: Owner, customerId: string, token: string = owner.token, merchantId = owner.merchant.id) =>
  call(customerRoute.GET, { path: `/api/merchants/${merchantId}/customers/${customerId}`, params: { merchantId, customerId }, token });

async function customer(scope: Scope, email = `ngozi.${tag()}@example.com`, balance = 0n) {
  return insertCustomer({ ...scope, email, name: "Ngozi Eze", totalPaid: 900_000n, paymentCount: 1, firstPaymentAt: T0, lastPaymentAt: T0, balance });
}

async function virtualAccount(scope: Scope, customerId: string) {
  return db.virtualAccount.create({
    data: {
      ...scope,
      customerId,
      processor: "sandbox",
      bankName: "Wema Bank",
      accountNumber: `99${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      accountName: "PAYLINK/NGOZI EZE",
    },
  });
}

async function invoice(scope: Scope, email: string, amount: bigint, number: string) {
  return insertInvoice({ ...scope, invoiceNumber: `${number}-${tag()}`, amount, customerEmail: email, status: "SENT", sentAt: T0, createdAt: T0 });
}

/** A completed inbound transfer, as lib/transfers leaves one (sender known or not). */
async function transfer(
  scope: Scope,
  c: { id: string; email: string },
  accountId: string,
  amount: bigint,
  sender: { name: string | null; bank: string | null },
) {
  return insertTransaction({
    ...scope,
    reference: `TRF-${Date.now()}-${tag()}`,
    amount,
    status: "COMPLETED",
    channel: "bank_transfer",
    paymentMethod: "BANK_TRANSFER",
    customerEmail: c.email,
    customerName: "Ngozi Eze",
    customerId: c.id,
    virtualAccountId: accountId,
    senderName: sender.name,
    senderBank: sender.bank,
    createdAt: T0,
    completedAt: T0,
  });
}

type CustomerRow = Awaited<ReturnType<typeof customer>>;
type AccountRow = Awaited<ReturnType<typeof virtualAccount>>;
type InvoiceRow = Awaited<ReturnType<typeof invoice>>;
type TransferRow = Awaited<ReturnType<typeof transfer>>;

const allocate = (
  scope: Scope,
  row: { kind: AllocationKind; amount: bigint; customerId: string; transactionId?: string | null; invoiceId?: string | null; createdAt: Date },
) => db.paymentAllocation.create({ data: { ...scope, transactionId: null, invoiceId: null, ...row } });

describe("GET /api/merchants/:merchantId/customers/:customerId: pay-in account and allocations", () => {
  let owner: Owner;
  let test: Scope;
  let c: CustomerRow;
  let account: AccountRow;
  let t: TransferRow;
  let first: InvoiceRow;
  let second: InvoiceRow;
  let later: InvoiceRow;

  beforeAll(async () => {
    ({ owner, scope: test } = await merchantInTestMode());
    c = await customer(test, undefined, 100_000n);
    account = await virtualAccount(test, c.id);
    first = await invoice(test, c.email, 500_000n, "INV-A");
    second = await invoice(test, c.email, 300_000n, "INV-B");
    later = await invoice(test, c.email, 50_000n, "INV-C");
    // ₦9,000 in: ₦5,000 to the older invoice, ₦3,000 to the next, ₦1,000 credit; then ₦500 of that
    // credit paid a later invoice and ₦200 was given back.
    t = await transfer(test, c, account.id, 900_000n, { name: "NGOZI EZE", bank: "Guaranty Trust Bank" });
    await allocate(test, { kind: "payment", amount: 500_000n, customerId: c.id, transactionId: t.id, invoiceId: first.id, createdAt: at(1) });
    await allocate(test, { kind: "payment", amount: 300_000n, customerId: c.id, transactionId: t.id, invoiceId: second.id, createdAt: at(2) });
    await allocate(test, { kind: "credit", amount: 100_000n, customerId: c.id, transactionId: t.id, createdAt: at(3) });
    await allocate(test, { kind: "credit_applied", amount: 50_000n, customerId: c.id, invoiceId: later.id, createdAt: at(4) });
    await allocate(test, { kind: "credit_refunded", amount: 20_000n, customerId: c.id, transactionId: t.id, createdAt: at(5) });
  });

  it("answers the customer's account number and where their money went, newest first", async () => {
    const res = await getCustomer(owner, c.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.customer).toMatchObject({ id: c.id, balance: 100_000 });
    expect(res.body.virtualAccount).toEqual({
      bankName: "Wema Bank",
      accountNumber: account.accountNumber,
      accountName: "PAYLINK/NGOZI EZE",
      status: "active",
      createdAt: account.createdAt.toISOString(),
    });
    // Nothing of the processor's own ids leaks.
    expect(JSON.stringify(res.body.virtualAccount)).not.toMatch(/externalId|customerCode|processor/);
    const rows = res.body.allocations as {
      kind: string;
      amount: number;
      transactionId: string | null;
      reference: string | null;
      invoiceNumber: string | null;
    }[];
    expect(rows.map((a) => [a.kind, a.amount, a.reference, a.invoiceNumber])).toEqual([
      ["credit_refunded", 20_000, t.reference, null],
      ["credit_applied", 50_000, null, later.invoiceNumber],
      ["credit", 100_000, t.reference, null],
      ["payment", 300_000, t.reference, second.invoiceNumber],
      ["payment", 500_000, t.reference, first.invoiceNumber],
    ]);
    expect(res.body.allocations[4]).toMatchObject({ transactionId: t.id, invoiceId: first.id, createdAt: at(1).toISOString() });
    expect(res.body.allocations[1]).toMatchObject({ transactionId: null, invoiceId: later.id });
  });

  it("words a transfer that paid two invoices and made credit, with no single link", async () => {
    const paidFor = await paidForByTransaction(owner.merchant.id, [t]);
    expect(paidFor.get(t.id)).toEqual({ kind: "transfer", label: `Invoices ${first.invoiceNumber}, ${second.invoiceNumber} and credit`, href: null });
  });

  it("answers null and an empty list for a customer with neither", async () => {
    const plain = await customer(test);
    const res = await getCustomer(owner, plain.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.virtualAccount).toBeNull();
    expect(res.body.allocations).toEqual([]);
  });

  it("lists at most the newest CUSTOMER_DETAIL_LIMIT allocations", async () => {
    const busy = await customer(test);
    await db.paymentAllocation.createMany({
      data: Array.from({ length: CUSTOMER_DETAIL_LIMIT + 2 }, (_, i) => ({
        ...test,
        kind: "credit" as const,
        amount: BigInt(1_000 + i),
        customerId: busy.id,
        createdAt: at(i),
      })),
    });
    const res = await getCustomer(owner, busy.id);
    expect(res.body.allocations).toHaveLength(CUSTOMER_DETAIL_LIMIT);
    expect(res.body.allocations[0].amount).toBe(1_000 + CUSTOMER_DETAIL_LIMIT + 1);
  });

  it("answers another merchant's customer, and one of the other mode, 404 with nothing of it", async () => {
    const stranger = await createMerchantOwner();
    const res = await getCustomer(stranger, c.id, stranger.token, stranger.merchant.id);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(account.accountNumber);
    // Their own merchant id, someone else's customer.
    expect((await getCustomer(owner, c.id, stranger.token)).status).toBe(404);

    await readyForLive(owner.merchant.id);
    const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
    const fromLive = await getCustomer(owner, c.id, liveKey);
    expect(fromLive.status).toBe(404);
    expect(fromLive.text).not.toContain(account.accountNumber);
  });

  it("keeps live customers' accounts and allocations to live mode", async () => {
    await readyForLive(owner.merchant.id);
    const live: Scope = { merchantId: owner.merchant.id, environment: "live" };
    const liveCustomer = await customer(live, c.email);
    const liveAccount = await virtualAccount(live, liveCustomer.id);
    await allocate(live, { kind: "credit", amount: 7_000n, customerId: liveCustomer.id, createdAt: at(9) });
    const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;

    const res = await getCustomer(owner, liveCustomer.id, liveKey);
    expect(res.status, res.text).toBe(200);
    expect(res.body.virtualAccount.accountNumber).toBe(liveAccount.accountNumber);
    expect(res.body.allocations.map((a: { amount: number }) => a.amount)).toEqual([7_000]);
    expect((await getCustomer(owner, liveCustomer.id, owner.secretKey)).status).toBe(404);
    // The test customer of the same e-mail still sees only its own.
    const testRes = await getCustomer(owner, c.id, owner.secretKey);
    expect(testRes.body.virtualAccount.accountNumber).toBe(account.accountNumber);
    expect(testRes.body.allocations).toHaveLength(5);
  });
});

describe("GET /api/merchants/:merchantId/customers: customers who never paid", () => {
  it("lists them after those who paid (an account number given at an invoice's send), paging across the two", async () => {
    const { owner, scope } = await merchantInTestMode();
    const paid = [await customer(scope), await customer(scope)];
    const neverPaid = [];
    for (let i = 0; i < 3; i++) neverPaid.push(await insertCustomer({ ...scope, email: `new.${tag()}@example.com` }));
    await virtualAccount(scope, neverPaid[0]!.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: URLSearchParams = new URLSearchParams(cursor ? { limit: "2", cursor } : { limit: "2" });
      const path = `/api/merchants/${scope.merchantId}/customers?${query.toString()}`;
      const res: CallResult = await call(customersRoute.GET, { path, params: { merchantId: scope.merchantId }, token: owner.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(paid.map((c) => c.id)));
    expect(new Set(seen.slice(2))).toEqual(new Set(neverPaid.map((c) => c.id)));
  });
});

describe("a transfer's sender and allocations on transactions", () => {
  let owner: Owner;
  let scope: Scope;
  let named: TransferRow;
  let anonymous: TransferRow;
  let card: TransferRow;
  let account: AccountRow;
  let inv: InvoiceRow;

  beforeAll(async () => {
    ({ owner, scope } = await merchantInTestMode());
    const c = await customer(scope);
    account = await virtualAccount(scope, c.id);
    inv = await invoice(scope, c.email, 400_000n, "INV-T");
    named = await transfer(scope, c, account.id, 600_000n, { name: "ADAEZE OKAFOR", bank: "Guaranty Trust Bank" });
    anonymous = await transfer(scope, c, account.id, 10_000n, { name: null, bank: null });
    card = await db.transaction.update({
      where: { id: (await transfer(scope, c, account.id, 20_000n, { name: null, bank: null })).id },
      data: { virtualAccountId: null, channel: "card", paymentMethod: "card", createdAt: at(-60) },
    });
    await allocate(scope, { kind: "payment", amount: 400_000n, customerId: c.id, transactionId: named.id, invoiceId: inv.id, createdAt: at(1) });
    await allocate(scope, { kind: "credit", amount: 200_000n, customerId: c.id, transactionId: named.id, createdAt: at(2) });
    await allocate(scope, { kind: "credit", amount: 10_000n, customerId: c.id, transactionId: anonymous.id, createdAt: at(3) });
  });

  it("answers senderName and senderBank in the list and the detail (null where unknown or not a transfer)", async () => {
    const list = await call(transactionsRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/transactions`,
      params: { merchantId: owner.merchant.id },
      token: owner.token,
    });
    expect(list.status, list.text).toBe(200);
    const byId = new Map(list.body.data.map((t: { id: string; senderName: string | null; senderBank: string | null }) => [t.id, [t.senderName, t.senderBank]]));
    expect(byId.get(named.id)).toEqual(["ADAEZE OKAFOR", "Guaranty Trust Bank"]);
    expect(byId.get(anonymous.id)).toEqual([null, null]);
    expect(byId.get(card.id)).toEqual([null, null]);

    const detail = await call(transactionRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/transactions/${named.id}`,
      params: { merchantId: owner.merchant.id, transactionId: named.id },
      token: owner.secretKey,
    });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.transaction).toMatchObject({ senderName: "ADAEZE OKAFOR", senderBank: "Guaranty Trust Bank", paymentMethod: "BANK_TRANSFER" });
    // Received, not initiated: the timeline says who sent it.
    expect(detail.body.timeline[0]).toMatchObject({ kind: "created", title: "Bank transfer received" });
    expect(detail.body.timeline[0].detail).toContain("from ADAEZE OKAFOR, Guaranty Trust Bank");
  });

  it("says what a transfer paid for from its allocations, and where its money went", async () => {
    const paidFor = await paidForByTransaction(owner.merchant.id, [named, anonymous, card]);
    expect(paidFor.get(named.id)).toEqual({ kind: "invoice", label: `Invoice ${inv.invoiceNumber} and credit`, href: `/dashboard/invoices/${inv.id}` });
    expect(paidFor.get(anonymous.id)).toEqual({ kind: "transfer", label: "Customer credit", href: null });
    expect(paidFor.has(card.id)).toBe(false);

    const trail = await paymentTrail(scope, named.id);
    expect(trail.account).toEqual({ bankName: "Wema Bank", accountNumber: account.accountNumber, accountName: "PAYLINK/NGOZI EZE" });
    expect(trail.allocations.map((a) => [a.kind, a.amount, a.invoice?.invoiceNumber ?? null])).toEqual([
      ["payment", 400_000n, inv.invoiceNumber],
      ["credit", 200_000n, null],
    ]);
    // Another merchant, or the other mode, sees none of it.
    const stranger = await createMerchantOwner();
    expect(await paymentTrail({ merchantId: stranger.merchant.id, environment: "test" }, named.id)).toEqual({ allocations: [], account: null });
    expect(await paymentTrail({ ...scope, environment: "live" }, named.id)).toEqual({ allocations: [], account: null });
    expect((await paidForByTransaction(stranger.merchant.id, [named])).size).toBe(0);
  });

  it("writes the sender in the CSV export's last two columns", async () => {
    const text = await new Response(transactionsCsvStream(scope, {})).text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]!.endsWith(",invoice_id,sender_name,sender_bank")).toBe(true);
    expect(lines.find((line) => line.startsWith(named.id))!.endsWith(",ADAEZE OKAFOR,Guaranty Trust Bank")).toBe(true);
    expect(lines.find((line) => line.startsWith(card.id))!.endsWith(",,")).toBe(true);
  });

  it("words the sender for the dashboard", () => {
    expect(senderLine({ senderName: "ADAEZE OKAFOR", senderBank: "Guaranty Trust Bank" })).toBe("from ADAEZE OKAFOR, Guaranty Trust Bank");
    expect(senderLine({ senderName: "ADAEZE OKAFOR", senderBank: null })).toBe("from ADAEZE OKAFOR");
    expect(senderLine({ senderName: " ", senderBank: null })).toBeNull();
  });
});

describe("PUT /api/merchants/:merchantId assignVirtualAccounts", () => {
  const stored = async (merchantId: string) => (await db.merchant.findUniqueOrThrow({ where: { id: merchantId } })).assignVirtualAccounts;

  it("turns it on and off, answers it on the Merchant, and audits the change", async () => {
    const owner = await createMerchantOwner();
    const before = await getMerchant(owner.merchant.id, owner.token);
    expect(before.body.merchant.assignVirtualAccounts).toBe(false);

    const on = await putMerchant(owner.merchant.id, { assignVirtualAccounts: true }, owner.token);
    expect(on.status, on.text).toBe(200);
    expect(on.body.merchant.assignVirtualAccounts).toBe(true);
    expect(await stored(owner.merchant.id)).toBe(true);
    const audit = await db.auditLog.findFirst({ where: { merchantId: owner.merchant.id, action: "merchant.updated" }, orderBy: { createdAt: "desc" } });
    expect(audit?.metadata).toMatchObject({ fields: ["assignVirtualAccounts"], from: { assignVirtualAccounts: false }, to: { assignVirtualAccounts: true } });

    const off = await putMerchant(owner.merchant.id, { assignVirtualAccounts: false }, owner.token);
    expect(off.body.merchant.assignVirtualAccounts).toBe(false);
    expect(await stored(owner.merchant.id)).toBe(false);
  });

  it("refuses anything but true or false with 400 naming the field, changing nothing", async () => {
    const owner = await createMerchantOwner();
    for (const value of ["yes", "true", 1, null, {}]) {
      const res = await putMerchant(owner.merchant.id, { assignVirtualAccounts: value, businessName: "Changed" }, owner.token);
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: "assignVirtualAccounts" })]));
    }
    const merchant = await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } });
    expect([merchant.assignVirtualAccounts, merchant.businessName]).toEqual([false, "Ada's Kitchen"]);
  });

  it("needs merchant:update, a signed-in user, and the caller's own merchant", async () => {
    const owner = await createMerchantOwner();
    for (const role of ["VIEWER", "OPERATIONS", "DEVELOPER"] as const) {
      const member = await createMember(owner.merchant.id, role);
      expect((await putMerchant(owner.merchant.id, { assignVirtualAccounts: true }, member.token)).status, role).toBe(403);
    }
    const admin = await createMember(owner.merchant.id, "ADMIN");
    expect((await putMerchant(owner.merchant.id, { assignVirtualAccounts: true }, admin.token)).status).toBe(200);
    await db.merchant.update({ where: { id: owner.merchant.id }, data: { assignVirtualAccounts: false } });

    expect((await putMerchant(owner.merchant.id, { assignVirtualAccounts: true }, owner.secretKey)).status).toBe(401);
    const stranger = await createMerchantOwner();
    expect((await putMerchant(owner.merchant.id, { assignVirtualAccounts: true }, stranger.token)).status).toBe(404);
    expect(await stored(owner.merchant.id)).toBe(false);
  });
});
