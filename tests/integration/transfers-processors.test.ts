// Bank transfers into a customer's own account number (issue 27) end to end through the REAL Paystack
// and Flutterwave adapters against the fake servers: issuing the account over the processor's
// customer / dedicated-account / virtual-account endpoints, and the transfer events they post, matched
// to the customer's open invoice and credit. Real PostgreSQL throughout.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Customer, Environment } from "@/lib/db/generated/client";
import { createInvoice } from "@/lib/invoices/service";
import * as accountRoute from "@/app/api/merchants/[merchantId]/customers/[customerId]/virtual-account/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { postWebhook } from "../helpers/payments";
import { paystackWebhook } from "../fakes/paystack";
import { withFakeProcessors } from "../helpers/fake-processors";
import { insertCustomer } from "../helpers/rows";
import { saveSettlementAccount, testSubaccount } from "../helpers/settlement-account";

const fakes = withFakeProcessors({ timeoutMs: 2_000 });
const BVN = "22212345678";

type Name = "paystack" | "flutterwave";
type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

/** A merchant whose settlement account made it a subaccount at the processor (the route's own way). */
async function ownerAt(name: Name): Promise<{ owner: Owner; subaccount: string }> {
  fakes.use(name);
  const owner = await createMerchantOwner({ businessName: "Mama Put Kitchen" });
  await saveSettlementAccount(owner);
  const sub = await testSubaccount(owner.merchant.id, name);
  return { owner, subaccount: sub.code };
}

async function customer(owner: Owner, environment: Environment = "test"): Promise<Customer> {
  const email = `tolu.${randomBytes(4).toString("hex")}@example.com`;
  return insertCustomer({ merchantId: owner.merchant.id, environment, email, name: "Tolu Adebayo" });
}

const postAccount = (owner: Owner, customerId: string, body: unknown = {}) =>
  call(accountRoute.POST, {
    path: `/api/merchants/${owner.merchant.id}/customers/${customerId}/virtual-account`,
    params: { merchantId: owner.merchant.id, customerId },
    body,
    token: owner.token,
  });

/** What each processor needs to issue a permanent account: Flutterwave a BVN. */
const accountBody = (name: Name) => (name === "flutterwave" ? { bvn: BVN } : { phone: "+2348031234567" });

/** A customer with an account number issued through the route and the fake. */
async function withAccount(name: Name, owner: Owner) {
  const c = await customer(owner);
  const res = await postAccount(owner, c.id, accountBody(name));
  expect(res.status, res.text).toBe(201);
  const account = await db.virtualAccount.findUniqueOrThrow({ where: { customerId: c.id } });
  return { customer: c, account };
}

/** The requests a fake received since `from` (its index), as method, path and body. */
const sentSince = (name: Name, from: number) => fakes[name].requests.slice(from).map(({ method, path, body }) => ({ method, path, body }));

const transactionsInto = (virtualAccountId: string) => db.transaction.findMany({ where: { virtualAccountId }, orderBy: { createdAt: "asc" } });
/** Outcomes stored for the charge `id`'s event, in the order received (a forged body's under its own key). */
const eventOutcome = (processor: Name, id: string) => {
  const key = `${processor === "paystack" ? "charge.success" : "charge.completed"}:${id}`;
  return db.processorEvent.findMany({
    where: { processor, OR: [{ externalId: key }, { externalId: { startsWith: `${key}:` } }] },
    orderBy: { createdAt: "asc" },
    select: { outcome: true },
  });
};

describe.each(["paystack", "flutterwave"] as const)("a customer's account number at %s", (name) => {
  it("is issued over the processor's API (201), then answered as it is (200) without asking it again", async () => {
    const { owner, subaccount } = await ownerAt(name);
    const c = await customer(owner);
    const from = fakes[name].requests.length;
    const first = await postAccount(owner, c.id, accountBody(name));
    expect(first.status, first.text).toBe(201);

    if (name === "paystack") {
      expect(first.body.virtualAccount).toMatchObject({
        bankName: "Test Bank",
        accountNumber: expect.stringMatching(/^\d{10}$/),
        accountName: "PAYLINK / TOLU ADEBAYO",
      });
      const customerCode = [...fakes.paystack.customers.values()].find((x) => x.email === c.email)!.customer_code;
      expect(sentSince(name, from)).toEqual([
        { method: "POST", path: "/customer", body: { email: c.email, first_name: "Tolu", last_name: "Adebayo", phone: "+2348031234567" } },
        {
          method: "POST",
          path: "/dedicated_account",
          body: { customer: customerCode, preferred_bank: "test-bank", first_name: "Tolu", last_name: "Adebayo", phone: "+2348031234567", subaccount },
        },
      ]);
    } else {
      expect(first.body.virtualAccount).toMatchObject({
        bankName: "WEMA BANK",
        accountNumber: expect.stringMatching(/^\d{10}$/),
        accountName: "Mama Put Kitchen FLW",
      });
      expect(sentSince(name, from)).toEqual([
        {
          method: "POST",
          path: "/v3/virtual-account-numbers",
          body: { email: c.email, is_permanent: true, bvn: BVN, tx_ref: c.id, firstname: "Tolu", lastname: "Adebayo", narration: "Mama Put Kitchen" },
        },
      ]);
    }
    const stored = await db.virtualAccount.findUniqueOrThrow({ where: { customerId: c.id } });
    expect(stored).toMatchObject({ processor: name, environment: "test", accountNumber: first.body.virtualAccount.accountNumber });
    // The BVN went to the processor only.
    expect(JSON.stringify(stored)).not.toContain(BVN);

    const asked = fakes[name].requests.length;
    expect(asked - from).toBe(name === "paystack" ? 2 : 1);
    const again = await postAccount(owner, c.id, accountBody(name));
    expect(again.status, again.text).toBe(200);
    expect(again.body.virtualAccount).toEqual(first.body.virtualAccount);
    expect(fakes[name].requests.length).toBe(asked);
  });

  it("answers the processor's refusal as 422 and stores nothing", async () => {
    const { owner } = await ownerAt(name);
    const c = await customer(owner);
    if (name === "paystack") fakes.paystack.dedicatedAccountRefusal = "Dedicated NUBAN not available for this business";
    else fakes.flutterwave.virtualAccountRefusal = "Virtual account creation is not enabled for this merchant";
    const res = await postAccount(owner, c.id, accountBody(name));
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(name === "paystack" ? /Dedicated NUBAN not available/ : /not enabled for this merchant/);
    expect(await db.virtualAccount.count({ where: { customerId: c.id } })).toBe(0);
  });
});

describe("Flutterwave without a BVN", () => {
  it("answers a clear 422 without asking Flutterwave, and stores nothing", async () => {
    const { owner } = await ownerAt("flutterwave");
    const c = await customer(owner);
    const from = fakes.flutterwave.requests.length;
    const res = await postAccount(owner, c.id, {});
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/BVN/);
    expect(sentSince("flutterwave", from)).toEqual([]);
    expect(await db.virtualAccount.count({ where: { customerId: c.id } })).toBe(0);
  });
});

describe.each(["paystack", "flutterwave"] as const)("a transfer reported by %s", (name) => {
  it("completes one BANK_TRANSFER, pays the open invoice and queues a receipt; the same event again, even twice at once, changes nothing", async () => {
    const { owner } = await ownerAt(name);
    const { customer: c, account } = await withAccount(name, owner);
    const invoice = await createInvoice(
      { merchantId: owner.merchant.id, environment: "test" },
      { customerEmail: c.email, customerName: c.name ?? undefined, status: "SENT", lineItems: [{ description: "Catering", amount: 300_000, quantity: 1 }] },
    );

    // First part of the invoice.
    const first = fakes[name].transferEvent({ accountNumber: account.accountNumber, amount: 200_000n, senderName: "ADA OBI", senderBank: "Kuda Bank" });
    expect((await postWebhook(name, first)).status).toBe(200);
    const [t] = await transactionsInto(account.id);
    expect(t).toMatchObject({
      status: "COMPLETED",
      processor: name,
      paymentMethod: "BANK_TRANSFER",
      amount: 200_000n,
      senderName: "ADA OBI",
      senderBank: "Kuda Bank",
      customerId: c.id,
      virtualAccountId: account.id,
      merchantId: owner.merchant.id,
      environment: "test",
    });
    expect(await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: "PARTIALLY_PAID", amountPaid: 200_000n });
    expect(await db.outboundEmail.count({ where: { kind: "receipt", transactionId: t!.id } })).toBe(1);

    // The same delivery again: nothing more.
    expect((await postWebhook(name, first)).status).toBe(200);
    expect(await transactionsInto(account.id)).toHaveLength(1);

    // The rest and more, delivered twice at the same instant: once; the excess is the customer's credit.
    const second = fakes[name].transferEvent({ accountNumber: account.accountNumber, amount: 150_000n, senderName: "ADA OBI" });
    const answers = await Promise.all([postWebhook(name, second), postWebhook(name, second)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const transactions = await transactionsInto(account.id);
    expect(transactions.map((x) => [x.status, x.amount])).toEqual([
      ["COMPLETED", 200_000n],
      ["COMPLETED", 150_000n],
    ]);
    expect(await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: "PAID", amountPaid: 300_000n });
    const allocations = await db.paymentAllocation.findMany({ where: { customerId: c.id }, orderBy: { createdAt: "asc" } });
    expect(allocations.map((a) => [a.kind, a.amount, a.transactionId, a.invoiceId])).toEqual([
      ["payment", 200_000n, transactions[0]!.id, invoice.id],
      ["payment", 100_000n, transactions[1]!.id, invoice.id],
      ["credit", 50_000n, transactions[1]!.id, null],
    ]);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).balance).toBe(50_000n);
    expect(await db.outboundEmail.count({ where: { kind: "receipt", transactionId: { in: transactions.map((x) => x.id) } } })).toBe(2);

    // Replaying both changes nothing.
    await Promise.all([postWebhook(name, first), postWebhook(name, second)]);
    expect(await transactionsInto(account.id)).toHaveLength(2);
    expect(await db.paymentAllocation.count({ where: { customerId: c.id } })).toBe(3);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).balance).toBe(50_000n);
  });
});

describe("Flutterwave transfer events (the hash does not cover the body)", () => {
  it("credits no one when the body names another customer's account than the processor's record", async () => {
    const { owner } = await ownerAt("flutterwave");
    const payer = await withAccount("flutterwave", owner);
    const other = await withAccount("flutterwave", owner);
    const real = fakes.flutterwave.transferEvent({ accountNumber: payer.account.accountNumber, amount: 400_000n });
    const forge = (txRef: string) => {
      const body = JSON.parse(real.body) as { data: Record<string, unknown> };
      body.data.tx_ref = txRef;
      return { body: JSON.stringify(body), headers: real.headers };
    };

    expect((await postWebhook("flutterwave", forge(other.customer.id))).status).toBe(200);
    // And one naming an account nobody has: kept for the operators, like the first.
    expect((await postWebhook("flutterwave", forge("00000000-0000-4000-8000-00000000dead"))).status).toBe(200);
    expect(await eventOutcome("flutterwave", real.id)).toEqual([{ outcome: "wrong_account" }, { outcome: "unknown_account" }]);
    expect(await transactionsInto(other.account.id)).toEqual([]);
    expect(await transactionsInto(payer.account.id)).toEqual([]);
    expect((await db.customer.findUniqueOrThrow({ where: { id: other.customer.id } })).balance).toBe(0n);

    // Flutterwave's own delivery of that transfer still credits the customer it was paid to.
    expect((await postWebhook("flutterwave", real)).status).toBe(200);
    expect((await transactionsInto(payer.account.id)).map((t) => [t.status, t.amount])).toEqual([["COMPLETED", 400_000n]]);
    expect(await transactionsInto(other.account.id)).toEqual([]);
    expect(await eventOutcome("flutterwave", real.id)).toEqual([{ outcome: "wrong_account" }, { outcome: "unknown_account" }, { outcome: "completed" }]);
  });

  it("answers 500 when the verify call fails, so Flutterwave retries; the retry settles", async () => {
    const { owner } = await ownerAt("flutterwave");
    const { customer: c, account } = await withAccount("flutterwave", owner);
    const event = fakes.flutterwave.transferEvent({ accountNumber: account.accountNumber, amount: 250_000n });
    fakes.flutterwave.mode = "error";
    expect((await postWebhook("flutterwave", event)).status).toBe(500);
    expect(await transactionsInto(account.id)).toEqual([]);
    expect(await eventOutcome("flutterwave", event.id)).toEqual([]);

    fakes.flutterwave.mode = "ok";
    expect((await postWebhook("flutterwave", event)).status).toBe(200);
    expect((await transactionsInto(account.id)).map((t) => [t.status, t.amount])).toEqual([["COMPLETED", 250_000n]]);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).balance).toBe(250_000n);
  });
});

describe("Paystack transfer events and modes", () => {
  it("does not settle a transfer into a live account from an event signed with the test key", async () => {
    fakes.use("paystack", { PAYSTACK_TEST_SECRET_KEY: fakes.paystack.secretKey, PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey });
    const owner = await createMerchantOwner();
    const c = await customer(owner, "live");
    // A live account as issuing it would have stored it (issuing live needs a live merchant: going-live tests).
    const account = await db.virtualAccount.create({
      data: {
        merchantId: owner.merchant.id,
        environment: "live",
        customerId: c.id,
        processor: "paystack",
        bankName: "Wema Bank",
        accountNumber: `98${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, "0")}`,
        accountName: "PAYLINK / TOLU ADEBAYO",
      },
    });
    // The fake never issued this number, so its event is the test key's.
    const event = fakes.paystack.transferEvent({ accountNumber: account.accountNumber, amount: 500_000n });
    expect((await postWebhook("paystack", event)).status).toBe(200);
    expect(await eventOutcome("paystack", event.id)).toEqual([{ outcome: "wrong_mode" }]);
    expect(await transactionsInto(account.id)).toEqual([]);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).balance).toBe(0n);

    // The same transfer signed with the live key settles: it was the mode that stopped it.
    const live = fakes.paystack.transferEvent({ accountNumber: account.accountNumber, amount: 500_000n });
    const signed = paystackWebhook(fakes.paystack.liveSecretKey, "charge.success", live.data);
    expect((await postWebhook("paystack", signed)).status).toBe(200);
    expect((await transactionsInto(account.id)).map((t) => [t.environment, t.status, t.amount])).toEqual([["live", "COMPLETED", 500_000n]]);
  });
});
