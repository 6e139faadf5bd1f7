// Customers: built from completed payments by e-mail (any case), per merchant and mode, through the
// real settlement path (signed sandbox webhooks), and read through the real route handlers.
import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { createInvoice } from "@/lib/invoices/service";
import { settleTransaction } from "@/lib/payments/settle";
import { rebuildCustomers } from "@/lib/customers/service";
import type { Environment } from "@/lib/db/generated/enums";
import * as listRoute from "@/app/api/merchants/[merchantId]/customers/route";
import * as detailRoute from "@/app/api/merchants/[merchantId]/customers/[customerId]/route";
import { call } from "../helpers/api";
import { createMerchantOwner, readyForLive } from "../helpers/factories";
import { postWebhook, sandboxEvent } from "../helpers/payments";
import { apiError } from "../helpers/errors";
import { insertCustomer, insertInvoice, insertTransaction } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

/** token null: no credentials. */
const list = (owner: Owner, query = "", token: string | null = owner.token, merchantId = owner.merchant.id) =>
  call(listRoute.GET, { path: `/api/merchants/${merchantId}/customers${query}`, params: { merchantId }, token: token ?? undefined });
const detail = (owner: Owner, customerId: string, token: string = owner.token, merchantId = owner.merchant.id) =>
  call(detailRoute.GET, { path: `/api/merchants/${merchantId}/customers/${customerId}`, params: { merchantId, customerId }, token });

const tag = () => randomBytes(4).toString("hex");

/** A PENDING sandbox payment, as initiation leaves one (the e-mail exactly as given). */
async function pending(owner: Owner, email: string, amount: number, { name = null as string | null, environment = "test" as Environment } = {}) {
  return insertTransaction({
    merchantId: owner.merchant.id,
    environment,
    reference: `CUS-${Date.now()}-${tag()}`,
    amount: BigInt(amount),
    customerEmail: email,
    customerName: name,
    channel: "card",
  });
}

/** Completes (or fails) a test payment through the signed sandbox webhook, paid at `paidAt`. */
async function settle(reference: string, amount: number, paidAt: Date, event: "charge.success" | "charge.failed" = "charge.success") {
  const res = await postWebhook("sandbox", sandboxEvent(reference, { id: `ch_${reference}`, amount, paid_at: paidAt.toISOString() }, event));
  expect(res.status, res.text).toBe(200);
}

async function pay(owner: Owner, email: string, amount: number, paidAt: Date, name: string | null = null) {
  const t = await pending(owner, email, amount, { name });
  await settle(t.reference, amount, paidAt);
  return t;
}

/** A live payment completed by the settlement itself (the sandbox's webhook settles test payments only). */
async function payLive(owner: Owner, email: string, amount: number, paidAt: Date) {
  const t = await pending(owner, email, amount, { environment: "live" });
  const outcome = await db.$transaction((tx) =>
    settleTransaction(tx, t, {
      reference: t.reference,
      status: "success",
      amount: BigInt(amount),
      currency: "NGN",
      fee: 0n,
      paymentMethod: "CARD",
      paidAt,
      processorTransactionId: null,
      message: null,
    }),
  );
  expect(outcome).toBe("completed");
  return t;
}

const customerRow = (owner: Owner, email: string, environment: Environment = "test") =>
  db.customer.findUnique({ where: { merchantId_environment_email: { merchantId: owner.merchant.id, environment, email } } });

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-10-01T09:30:00.000Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

describe("customers from payments", () => {
  let owner: Owner;
  let liveKey: string;
  const email = () => `ngozi.${tag()}@example.com`;

  beforeAll(async () => {
    owner = await createMerchantOwner();
    await readyForLive(owner.merchant.id);
    liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
  });

  it("aggregates payments by one e-mail in any case into one customer: total, count, first and last", async () => {
    const address = email();
    const upper = address.replace("ngozi", "Ngozi").replace("example.com", "EXAMPLE.com");
    const second = await pay(owner, upper, 150_000, at(5), "Ngozi Eze");
    const first = await pay(owner, address, 250_000, at(1));
    const third = await pay(owner, address.toUpperCase(), 100_000, at(9));

    const row = await customerRow(owner, address);
    expect(row).toMatchObject({ email: address, name: "Ngozi Eze", totalPaid: 500_000n, paymentCount: 3, firstPaymentAt: at(1), lastPaymentAt: at(9) });
    expect(await db.customer.count({ where: { merchantId: owner.merchant.id, email: { equals: address, mode: "insensitive" } } })).toBe(1);
    const linked = await db.transaction.findMany({ where: { id: { in: [first.id, second.id, third.id] } }, select: { customerId: true } });
    expect(linked.map((t) => t.customerId)).toEqual([row!.id, row!.id, row!.id]);

    const res = await detail(owner, row!.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.customer).toMatchObject({
      id: row!.id,
      email: address,
      name: "Ngozi Eze",
      totalPaid: 500_000,
      paymentCount: 3,
      firstPaymentAt: at(1).toISOString(),
      lastPaymentAt: at(9).toISOString(),
      environment: "test",
    });
    expect(res.body.transactions.map((t: { id: string }) => t.id).sort()).toEqual([first.id, second.id, third.id].sort());
    expect(Object.keys(res.body).sort()).toEqual(["allocations", "customer", "invoices", "transactions", "virtualAccount"]);
  });

  it("does not count failed or pending payments, nor a webhook delivered twice", async () => {
    const address = email();
    const paid = await pay(owner, address, 200_000, at(2));
    await postWebhook("sandbox", sandboxEvent(paid.reference, { id: `ch_${paid.reference}`, amount: 200_000, paid_at: at(2).toISOString() }));
    const failed = await pending(owner, address, 900_000);
    await settle(failed.reference, 900_000, at(3), "charge.failed");
    expect((await db.transaction.findUniqueOrThrow({ where: { id: failed.id } })).status).toBe("FAILED");
    await pending(owner, address, 700_000);

    expect(await customerRow(owner, address)).toMatchObject({ totalPaid: 200_000n, paymentCount: 1, lastPaymentAt: at(2) });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: failed.id } })).customerId).toBeNull();

    // Someone whose only payment failed is no customer at all.
    const declined = email();
    const only = await pending(owner, declined, 50_000);
    await settle(only.reference, 50_000, at(3), "charge.failed");
    expect(await customerRow(owner, declined)).toBeNull();
  });

  it("fills the name in when a later payment gives one, and keeps it when the next one does not", async () => {
    const address = email();
    await pay(owner, address, 10_000, at(1));
    expect((await customerRow(owner, address))?.name).toBeNull();
    await pay(owner, address, 10_000, at(2), "Ngozi Eze");
    await pay(owner, address, 10_000, at(3));
    expect((await customerRow(owner, address))?.name).toBe("Ngozi Eze");
    // A late-arriving older payment does not overwrite the newer name.
    await pay(owner, address, 10_000, at(0), "N. Eze");
    expect(await customerRow(owner, address)).toMatchObject({ name: "Ngozi Eze", paymentCount: 4, firstPaymentAt: at(0), lastPaymentAt: at(3) });
  });

  it("keeps test and live customers apart: one e-mail is two customers, each visible only in its mode", async () => {
    const address = email();
    await pay(owner, address, 100_000, at(1));
    await payLive(owner, address, 300_000, at(2));
    const test = await customerRow(owner, address, "test");
    const live = await customerRow(owner, address, "live");
    expect(test).toMatchObject({ totalPaid: 100_000n, paymentCount: 1 });
    expect(live).toMatchObject({ totalPaid: 300_000n, paymentCount: 1 });

    const testList = await list(owner, `?search=${encodeURIComponent(address)}`, owner.secretKey);
    expect(testList.body.data.map((c: { id: string }) => c.id)).toEqual([test!.id]);
    const liveList = await list(owner, `?search=${encodeURIComponent(address)}`, liveKey);
    expect(liveList.body.data.map((c: { id: string }) => c.id)).toEqual([live!.id]);
    expect(liveList.body.data[0]).toMatchObject({ environment: "live", totalPaid: 300_000 });

    // The other mode's customer answers 404, like one that does not exist.
    expect((await detail(owner, live!.id, owner.secretKey)).status).toBe(404);
    expect((await detail(owner, test!.id, liveKey)).status).toBe(404);
    const liveDetail = await detail(owner, live!.id, liveKey);
    expect(liveDetail.status).toBe(200);
    expect(liveDetail.body.transactions).toHaveLength(1);
    expect(liveDetail.body.transactions[0]).toMatchObject({ environment: "live", amount: 300_000 });
  });

  it("counts concurrent first payments of a new customer on one row", async () => {
    const address = email();
    // Two at once (the brief's case), then six more at once for a customer nobody has seen yet.
    const [a, b] = await Promise.all([pending(owner, address, 120_000), pending(owner, address.toUpperCase(), 80_000)]);
    await Promise.all([settle(a.reference, 120_000, at(4)), settle(b.reference, 80_000, at(6))]);

    const rows = await db.customer.findMany({ where: { merchantId: owner.merchant.id, environment: "test", email: address } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentCount: 2, totalPaid: 200_000n, firstPaymentAt: at(4), lastPaymentAt: at(6) });
    const linked = await db.transaction.findMany({ where: { id: { in: [a.id, b.id] } }, select: { customerId: true, status: true } });
    expect(linked).toEqual([
      { customerId: rows[0]!.id, status: "COMPLETED" },
      { customerId: rows[0]!.id, status: "COMPLETED" },
    ]);

    const crowd = email();
    const many = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => pending(owner, i % 2 ? crowd.toUpperCase() : crowd, 10_000 * (i + 1))));
    await Promise.all(many.map((t, i) => settle(t.reference, 10_000 * (i + 1), at(i))));
    const crowdRows = await db.customer.findMany({ where: { merchantId: owner.merchant.id, environment: "test", email: crowd } });
    expect(crowdRows).toHaveLength(1);
    expect(crowdRows[0]).toMatchObject({ paymentCount: 6, totalPaid: 210_000n, firstPaymentAt: at(0), lastPaymentAt: at(5) });
  });

  it("lists the customer's invoices by e-mail in any case, in the same mode only", async () => {
    const address = email();
    await pay(owner, address, 100_000, at(1));
    const customer = (await customerRow(owner, address))!;
    const lines = [{ description: "Cake", amount: 100_000, quantity: 1 }];
    const theirs = await createInvoice({ merchantId: owner.merchant.id, environment: "test" }, { customerEmail: address, lineItems: lines, status: "SENT" });
    // Written before addresses were lower-cased: still theirs.
    const shouted = await insertInvoice({
      merchantId: owner.merchant.id,
      invoiceNumber: `OLD-${tag()}`,
      amount: 100_000n,
      customerEmail: address.toUpperCase(),
      status: "DRAFT",
    });
    await createInvoice({ merchantId: owner.merchant.id, environment: "live" }, { customerEmail: address, lineItems: lines, status: "SENT" });
    await createInvoice({ merchantId: owner.merchant.id, environment: "test" }, { customerEmail: email(), lineItems: lines, status: "SENT" });
    // An address with "_" is matched exactly, not as a LIKE wildcard.
    await createInvoice(
      { merchantId: owner.merchant.id, environment: "test" },
      { customerEmail: address.replace("ngozi.", "ngozi_"), lineItems: lines, status: "SENT" },
    );

    const res = await detail(owner, customer.id);
    expect(res.status).toBe(200);
    expect(res.body.invoices.map((i: { id: string }) => i.id).sort()).toEqual([theirs.id, shouted.id].sort());
    expect(res.body.invoices.find((i: { id: string }) => i.id === theirs.id)).toMatchObject({ status: "SENT", amount: 100_000, environment: "test" });
  });
});

describe("rebuildCustomers (the demo seed's rows go straight into the database)", () => {
  it("counts completed and refunded payments per mode and e-mail, links them, and is exact when run again", async () => {
    const owner = await createMerchantOwner();
    const base = { merchantId: owner.merchant.id, processor: "sandbox" as const, amount: 100_000n };
    const rows = [
      { ...base, environment: "test" as const, customerEmail: "Musa@Example.com", customerName: "Musa", status: "COMPLETED" as const, completedAt: at(1) },
      {
        ...base,
        environment: "test" as const,
        customerEmail: "musa@example.com",
        customerName: "Musa Ibrahim",
        status: "REFUNDED" as const,
        refundedAmount: 100_000n,
        completedAt: at(2),
      },
      { ...base, environment: "test" as const, customerEmail: "musa@example.com", status: "FAILED" as const },
      { ...base, environment: "live" as const, customerEmail: "musa@example.com", status: "COMPLETED" as const, completedAt: at(3) },
    ];
    for (const [i, row] of rows.entries()) await insertTransaction({ ...row, reference: `RB-${Date.now()}-${tag()}-${i}` });

    expect(await rebuildCustomers(db, owner.merchant.id)).toBe(2);
    expect(await rebuildCustomers(db, owner.merchant.id)).toBe(2);
    const test = await customerRow(owner, "musa@example.com");
    expect(test).toMatchObject({ name: "Musa Ibrahim", totalPaid: 200_000n, paymentCount: 2, firstPaymentAt: at(1), lastPaymentAt: at(2) });
    expect(await customerRow(owner, "musa@example.com", "live")).toMatchObject({ name: null, totalPaid: 100_000n, paymentCount: 1 });
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id, customerId: test!.id } })).toBe(2);
  });
});

describe("GET /api/merchants/:merchantId/customers", () => {
  let owner: Owner;
  let stranger: Owner;
  // Newest first: index 0 paid last.
  let expected: string[] = [];

  beforeAll(async () => {
    owner = await createMerchantOwner();
    stranger = await createMerchantOwner();
    const people = [
      ["amaka.obi@example.com", "Amaka Obi"],
      ["tunde@lagosprints.ng", "Tunde Bakare"],
      ["chioma_eze@example.com", null],
      ["bola@example.com", "Bola Ahmed"],
      ["kemi@example.com", "Kemi Balogun"],
    ] as const;
    /** A customer who paid once, at `paidAt`. */
    const paidOnce = (merchantId: string, email: string, paidAt: Date, data: { name?: string | null; environment?: Environment; totalPaid?: bigint } = {}) =>
      insertCustomer({ merchantId, email, totalPaid: 10_000n, paymentCount: 1, firstPaymentAt: paidAt, lastPaymentAt: paidAt, ...data });
    const rows = [];
    for (const [i, [address, name]] of people.entries()) rows.push(await paidOnce(owner.merchant.id, address, at(-i), { name }));
    // Two customers who last paid at the same instant: the id breaks the tie, and no page skips either.
    for (const address of ["tie.one@example.com", "tie.two@example.com"]) rows.push(await paidOnce(owner.merchant.id, address, at(-10)));
    const tied = rows
      .slice(5)
      .map((r) => r.id)
      .sort()
      .reverse();
    expected = [...rows.slice(0, 5).map((r) => r.id), ...tied];
    // Noise that never shows: the same merchant's live customer and another merchant's customer.
    await paidOnce(owner.merchant.id, "amaka.obi@example.com", at(1), { environment: "live", totalPaid: 1n });
    await paidOnce(stranger.merchant.id, "amaka.obi@example.com", at(1), { totalPaid: 1n });
  });

  it("pages newest payment first with a cursor, without skipping or repeating a customer", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const res = await list(owner, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
    const all = await list(owner);
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual(expected);
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.data[0]).toEqual({
      id: expected[0],
      email: "amaka.obi@example.com",
      name: "Amaka Obi",
      totalPaid: 10_000,
      paymentCount: 1,
      firstPaymentAt: at(0).toISOString(),
      lastPaymentAt: at(0).toISOString(),
      balance: 0,
      environment: "test",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("searches by part of the e-mail or the name, any case; % and _ are literal", async () => {
    const emails = async (search: string) => {
      const res = await list(owner, `?search=${encodeURIComponent(search)}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((c: { email: string }) => c.email);
    };
    expect(await emails("AMAKA")).toEqual(["amaka.obi@example.com"]);
    expect(await emails("lagosprints")).toEqual(["tunde@lagosprints.ng"]);
    expect(await emails("balogun")).toEqual(["kemi@example.com"]);
    expect(await emails("bola ahm")).toEqual(["bola@example.com"]);
    expect((await emails("  tie.  ")).sort()).toEqual(["tie.one@example.com", "tie.two@example.com"]);
    expect(await emails("_")).toEqual(["chioma_eze@example.com"]);
    expect(await emails("%")).toEqual([]);
    expect(await emails("nobody")).toEqual([]);
    // A blank search (an empty GET form field) lists everyone.
    expect(await emails("")).toHaveLength(expected.length);
    // Search and pages together.
    const first = await list(owner, "?search=example.com&limit=2");
    const second = await list(owner, `?search=example.com&limit=2&cursor=${first.body.nextCursor}`);
    expect([...first.body.data, ...second.body.data].map((c: { email: string }) => c.email)).toEqual([
      "amaka.obi@example.com",
      "chioma_eze@example.com",
      "bola@example.com",
      "kemi@example.com",
    ]);
  });

  it("refuses a bad cursor, limit or search with 400", async () => {
    expect((await list(owner, "?cursor=not-a-cursor")).status).toBe(400);
    expect((await list(owner, "?limit=0")).status).toBe(400);
    expect((await list(owner, "?limit=101")).status).toBe(400);
    expect((await list(owner, `?search=${"x".repeat(300)}`)).body.errors).toEqual([
      { field: "query.search", message: "search must be at most 254 characters" },
    ]);
    expect((await list(owner, "?search=a%00b")).status).toBe(400);
  });

  it("needs credentials, and answers 404 for another merchant and for another merchant's customer", async () => {
    expect((await list(owner, "", null)).status).toBe(401);
    expect((await list(owner, "", owner.secretKey)).status).toBe(200);
    const theirs = await list(stranger);
    expect(theirs.body.data).toHaveLength(1);
    const theirCustomer = theirs.body.data[0].id as string;

    // The stranger's customer through the owner's own merchant: 404, like one that does not exist.
    const res = await detail(owner, theirCustomer);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(apiError({ message: "Customer not found", code: "resource_missing", param: "id" }));
    expect((await detail(owner, theirCustomer, owner.secretKey)).status).toBe(404);
    // The stranger's merchant with the owner's credentials: the merchant itself is not found.
    expect((await detail(owner, theirCustomer, owner.token, stranger.merchant.id)).body).toEqual(
      apiError({ message: "Merchant not found", code: "resource_missing", param: "merchantId" }),
    );
    expect((await list(owner, "", owner.token, stranger.merchant.id)).status).toBe(404);
    // Made-up and malformed ids.
    expect((await detail(owner, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await detail(owner, "not-an-id")).status).toBe(404);
  });
});
