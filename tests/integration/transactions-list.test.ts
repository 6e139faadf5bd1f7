import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { TransactionStatus } from "@/lib/db/generated/enums";
import * as listRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as detailRoute from "@/app/api/merchants/[merchantId]/transactions/[transactionId]/route";
import { encodeCursor } from "@/lib/api/pagination";
import { transactionTotals } from "@/lib/payments/queries";
import { koboToNairaInput, parseNairaToKobo } from "@/components/transactions/refund-dialog";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { apiError } from "../helpers/errors";
import { insertTransaction } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
type Row = { id: string; reference: string; createdAt: Date; status: TransactionStatus; channel: string; customerEmail: string };

const DAY = 24 * 60 * 60 * 1000;
// Fixed times, so day-boundary filters are predictable: row i is created i days before this (12:00 Lagos).
const BASE = new Date("2026-11-01T11:00:00.000Z");

/** token null: no credentials. */
const list = (owner: Owner, query = "", token: string | null = owner.token, merchantId = owner.merchant.id) =>
  call(listRoute.GET, { path: `/api/merchants/${merchantId}/transactions${query}`, params: { merchantId }, token: token ?? undefined });
const detail = (owner: Owner, transactionId: string, token: string | null = owner.token) =>
  call(detailRoute.GET, {
    path: `/api/merchants/${owner.merchant.id}/transactions/${transactionId}`,
    params: { merchantId: owner.merchant.id, transactionId },
    token: token ?? undefined,
  });

const STATUSES: TransactionStatus[] = ["COMPLETED", "PENDING", "FAILED", "CANCELLED", "REFUNDED"];
const CHANNELS = ["card", "bank_transfer", "ussd"];

let owner: Owner;
let stranger: Owner;
let rows: Row[] = [];
const stamp = Date.now();

beforeAll(async () => {
  owner = await createMerchantOwner();
  stranger = await createMerchantOwner();
  rows = [];
  for (let i = 0; i < 12; i++) {
    const created = await insertTransaction({
      merchantId: owner.merchant.id,
      reference: `TXN-${stamp}-${String(i).padStart(2, "0")}`,
      amount: BigInt(10_000 + i * 1_000),
      fee: BigInt(150 + i),
      customerEmail: i % 3 === 0 ? `Chioma.Eze${i}@Example.com` : `buyer${i}@example.com`,
      customerName: i % 3 === 0 ? "Chioma Eze" : null,
      status: STATUSES[i % STATUSES.length]!,
      channel: CHANNELS[i % CHANNELS.length]!,
      createdAt: new Date(BASE.getTime() - i * DAY),
      completedAt: STATUSES[i % STATUSES.length] === "COMPLETED" ? new Date(BASE.getTime() - i * DAY + 60_000) : null,
      // Refunded rows are partly refunded: ₦50 of each.
      refundedAmount: STATUSES[i % STATUSES.length] === "REFUNDED" ? 5_000n : 0n,
    });
    rows.push(created as Row);
  }
  // Two rows at the same instant: the id breaks the tie, and pagination must not skip either.
  for (const suffix of ["a", "b"]) {
    rows.push(
      (await insertTransaction({
        merchantId: owner.merchant.id,
        reference: `TIE-${stamp}-${suffix}`,
        amount: 50_000n,
        customerEmail: `tie.${suffix}@example.com`,
        // An open checkout, and one that expired unpaid.
        status: suffix === "a" ? "PENDING" : "ABANDONED",
        channel: "card",
        createdAt: new Date(BASE.getTime() - 5 * DAY),
      })) as Row,
    );
  }
  // Noise that must never show: a live row of the same merchant and another merchant's row.
  const noise = { amount: 10_000n, channel: "card", createdAt: BASE };
  await insertTransaction({ ...noise, merchantId: owner.merchant.id, environment: "live", reference: `LIVE-${stamp}`, customerEmail: "live@example.com" });
  await insertTransaction({ ...noise, merchantId: stranger.merchant.id, reference: `OTHER-${stamp}`, customerEmail: "other@example.com" });
});

/** Expected order: createdAt desc, then id desc (uuid order = lower-case hex string order). */
const sorted = (subset: Row[]) => [...subset].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
const refs = (body: { data: Array<{ reference: string }> }) => body.data.map((t) => t.reference);

async function allPages(query: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await list(owner, `?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...refs(res.body));
    cursor = res.body.nextCursor;
    pages++;
    expect(pages).toBeLessThan(50);
  } while (cursor);
  return { seen, pages };
}

describe("GET /api/merchants/:merchantId/transactions", () => {
  it("lists the merchant's test transactions newest first, amounts as integers", async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(refs(res.body)).toEqual(sorted(rows).map((r) => r.reference));
    expect(res.body.nextCursor).toBeNull();
    const first = res.body.data[0];
    expect(first).toMatchObject({
      reference: `TXN-${stamp}-00`,
      amount: 10_000,
      fee: 150,
      refundedAmount: 0,
      currency: "NGN",
      status: "COMPLETED",
      channel: "card",
      environment: "test",
    });
    expect(JSON.stringify(res.body)).not.toMatch(/LIVE-|OTHER-|accessCode|processorReference/);
  });

  it("works with the merchant's secret key too", async () => {
    const res = await list(owner, "?limit=1", owner.secretKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });

  it("paginates with a cursor, covering every row exactly once", async () => {
    for (const limit of [1, 3, 5, 14, 100]) {
      const { seen, pages } = await allPages("", limit);
      expect(seen).toEqual(sorted(rows).map((r) => r.reference));
      expect(new Set(seen).size).toBe(rows.length);
      expect(pages).toBe(Math.max(1, Math.ceil(rows.length / limit)));
    }
  });

  it("paginates within a filter", async () => {
    const { seen } = await allPages("&status=PENDING", 2);
    expect(seen).toEqual(sorted(rows.filter((r) => r.status === "PENDING")).map((r) => r.reference));
  });

  it("filters by status and by channel", async () => {
    for (const status of [...STATUSES, "ABANDONED"]) {
      const res = await list(owner, `?status=${status}`);
      expect(res.status).toBe(200);
      const expected = sorted(rows.filter((r) => r.status === status)).map((r) => r.reference);
      expect(expected.length).toBeGreaterThan(0);
      expect(refs(res.body)).toEqual(expected);
    }
    for (const channel of CHANNELS) {
      const res = await list(owner, `?channel=${channel}`);
      expect(refs(res.body)).toEqual(sorted(rows.filter((r) => r.channel === channel)).map((r) => r.reference));
    }
    const both = await list(owner, "?status=COMPLETED&channel=card");
    expect(refs(both.body)).toEqual(sorted(rows.filter((r) => r.status === "COMPLETED" && r.channel === "card")).map((r) => r.reference));
  });

  it("filters by date: whole Lagos days for YYYY-MM-DD, exact instants for ISO date-times", async () => {
    // Rows 2, 3 and 4 (and nothing else) were created on 28–30 Oct 2026, Lagos time.
    const days = await list(owner, "?from=2026-10-28&to=2026-10-30");
    expect(refs(days.body)).toEqual([2, 3, 4].map((i) => `TXN-${stamp}-0${i}`));

    const single = await list(owner, "?from=2026-11-01&to=2026-11-01");
    expect(refs(single.body)).toEqual([`TXN-${stamp}-00`]);

    const from = new Date(BASE.getTime() - 1 * DAY).toISOString();
    const since = await list(owner, `?from=${encodeURIComponent(from)}`);
    expect(refs(since.body)).toEqual([`TXN-${stamp}-00`, `TXN-${stamp}-01`]);

    const to = new Date(BASE.getTime() - 10 * DAY).toISOString();
    const until = await list(owner, `?to=${encodeURIComponent(to)}`);
    expect(refs(until.body)).toEqual([`TXN-${stamp}-10`, `TXN-${stamp}-11`]);
  });

  it("searches by reference prefix and by e-mail, case-insensitively", async () => {
    const prefix = await list(owner, `?q=${encodeURIComponent(`txn-${stamp}-1`)}`);
    expect(refs(prefix.body)).toEqual([`TXN-${stamp}-10`, `TXN-${stamp}-11`]);

    // Not a prefix: a reference is matched from its start only.
    const middle = await list(owner, `?q=${encodeURIComponent(`${stamp}-1`)}`);
    expect(middle.body.data).toEqual([]);

    const email = await list(owner, "?q=CHIOMA.eze");
    expect(refs(email.body)).toEqual([0, 3, 6, 9].map((i) => `TXN-${stamp}-0${i}`));

    // LIKE wildcards in q are literal characters.
    expect((await list(owner, "?q=TXN_")).body.data).toEqual([]);
    expect((await list(owner, "?q=%25")).body.data).toEqual([]);

    const emailPart = await list(owner, "?q=tie.b@");
    expect(refs(emailPart.body)).toEqual([`TIE-${stamp}-b`]);

    const none = await list(owner, "?q=nobody-here");
    expect(res200(none)).toEqual({ data: [], nextCursor: null, hasMore: false });
  });

  it("searches by the customer's name too", async () => {
    // "chioma e" is in the name "Chioma Eze", not in the e-mail "Chioma.Eze0@…".
    const byName = await list(owner, `?q=${encodeURIComponent("CHIOMA E")}`);
    expect(refs(byName.body)).toEqual([0, 3, 6, 9].map((i) => `TXN-${stamp}-0${i}`));
  });

  it("totals every page of a filter: count, how many were paid, and the money received net of refunds", async () => {
    // Rows 0, 3, 6, 9: COMPLETED ₦100, CANCELLED ₦130, PENDING ₦160, REFUNDED ₦190 (₦50 of it refunded).
    expect(await transactionTotals({ merchantId: owner.merchant.id, environment: "test" }, { q: "chioma e" })).toEqual({
      count: 4,
      paidCount: 2,
      received: 24_000n,
    });
    expect(await transactionTotals({ merchantId: owner.merchant.id, environment: "test" }, { q: "chioma e", status: "PENDING" })).toEqual({
      count: 1,
      paidCount: 0,
      received: 0n,
    });
    // An abandoned checkout received nothing.
    expect(await transactionTotals({ merchantId: owner.merchant.id, environment: "test" }, { status: "ABANDONED" })).toEqual({
      count: 1,
      paidCount: 0,
      received: 0n,
    });
    // The other mode and other merchants are never counted.
    expect(await transactionTotals({ merchantId: owner.merchant.id, environment: "live" }, { q: "chioma e" })).toEqual({
      count: 0,
      paidCount: 0,
      received: 0n,
    });
    expect(await transactionTotals({ merchantId: stranger.merchant.id, environment: "test" }, { q: "chioma e" })).toMatchObject({ count: 0 });
  });

  it("treats empty query fields (an unfilled GET form) as absent", async () => {
    const res = await list(owner, "?q=&status=&channel=&from=&to=&cursor=&limit=");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(rows.length);
  });

  it("answers 400 for a bad status, channel, date, limit or cursor", async () => {
    const bad = [
      "?status=PAID",
      "?status=completed",
      "?channel=cash",
      "?from=2026-13-01",
      "?to=yesterday",
      "?from=2026-11-22&to=2026-11-01",
      "?limit=0",
      "?limit=101",
      "?limit=ten",
      `?q=${"x".repeat(101)}`,
    ];
    for (const query of bad) {
      const res = await list(owner, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe("Validation failed");
    }
    const status = await list(owner, "?status=PAID");
    expect(status.body.errors).toEqual([{ field: "query.status", message: expect.stringContaining("PENDING") }]);

    const cursors = [
      "not-a-cursor",
      "%%%",
      Buffer.from("hello").toString("base64url"),
      Buffer.from(`2026-11-22T11:00:00.000Z|not-a-uuid`).toString("base64url"),
      Buffer.from(`yesterday|${rows[0]!.id}`).toString("base64url"),
    ];
    for (const cursor of cursors) {
      const res = await list(owner, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toEqual(apiError({ message: "Invalid cursor", code: "invalid_cursor", param: "cursor" }));
    }
    // A well-formed cursor that points nowhere is fine: it is just a position.
    const nowhere = await list(owner, `?cursor=${encodeCursor(new Date("2000-01-01T00:00:00Z"), "00000000-0000-4000-8000-000000000000")}`);
    expect(res200(nowhere)).toEqual({ data: [], nextCursor: null, hasMore: false });
  });

  it("answers 404 for another merchant and 401 without credentials", async () => {
    for (const token of [stranger.token, stranger.secretKey]) {
      const res = await list(owner, "", token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(apiError({ message: "Merchant not found", code: "resource_missing", param: "merchantId" }));
    }
    expect((await list(owner, "", null)).status).toBe(401);
  });
});

describe("GET /api/merchants/:merchantId/transactions/:transactionId", () => {
  it("returns the transaction with a timeline that includes its processor events, in time order", async () => {
    const completed = rows[0]!;
    await db.transaction.update({ where: { id: completed.id }, data: { paymentMethod: "card", refundedAmount: 4_000n, status: "REFUNDED" } });
    // The processor's success 30 s in, and its repeat a minute later.
    for (const [n, outcome, afterMs] of [
      [1, "completed", 30_000],
      [2, "duplicate", 90_000],
    ] as const) {
      await db.processorEvent.create({
        data: {
          processor: "sandbox",
          externalId: `evt-${stamp}-${n}`,
          eventType: "charge.success",
          transactionId: completed.id,
          payload: { event: "charge.success" },
          outcome,
          createdAt: new Date(completed.createdAt.getTime() + afterMs),
        },
      });
    }

    const refundedAt = new Date(completed.createdAt.getTime() + 2 * 60_000);
    await db.refund.create({
      data: {
        transactionId: completed.id,
        merchantId: owner.merchant.id,
        environment: "test",
        amount: 4_000n,
        status: "processed",
        processorRefundId: "rf_1",
        reason: "Customer returned the item",
        requestedByUserId: owner.user.id,
        createdAt: refundedAt,
        processedAt: refundedAt,
      },
    });

    const res = await detail(owner, completed.id);
    expect(res.status).toBe(200);
    expect(res.body.transaction).toMatchObject({ id: completed.id, reference: completed.reference, amount: 10_000, refundedAmount: 4_000, status: "REFUNDED" });
    const kinds = res.body.timeline.map((e: { kind: string }) => e.kind);
    // The processor's success is the "Payment completed" row, not a second one; a repeat of it is its own row, in words.
    expect(kinds).toEqual(["created", "completed", "processor_event", "refunded"]);
    expect(res.body.timeline.filter((e: { title: string }) => e.title === "Payment completed")).toHaveLength(1);
    expect(res.body.timeline[1]).toMatchObject({ kind: "completed", title: "Payment completed", detail: "Card · confirmed by Sandbox" });
    expect(res.body.timeline[2]).toMatchObject({
      title: "Sandbox: charge succeeded",
      detail: "Duplicate; ignored",
      at: new Date(completed.createdAt.getTime() + 90_000).toISOString(),
    });
    expect(JSON.stringify(res.body.timeline)).not.toContain("charge.success");
    const times = res.body.timeline.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(res.body.timeline[3]).toMatchObject({ title: expect.stringContaining("40.00"), detail: "Customer returned the item" });
    expect(res.body.refunds).toEqual([
      {
        id: expect.any(String),
        transactionId: completed.id,
        reference: completed.reference,
        amount: 4_000,
        status: "processed",
        reason: "Customer returned the item",
        failureReason: null,
        processorRefundId: "rf_1",
        requestedBy: { type: "user", id: owner.user.id },
        createdAt: refundedAt.toISOString(),
        processedAt: refundedAt.toISOString(),
      },
    ]);
  });

  it("shows failures and flags", async () => {
    const failed = rows.find((r) => r.status === "FAILED")!;
    await db.transaction.update({
      where: { id: failed.id },
      data: { failureReason: "Insufficient funds", flaggedReason: "Amount mismatch: expected 12000 kobo, processor reported 100 kobo" },
    });
    const res = await detail(owner, failed.id);
    expect(res.status).toBe(200);
    expect(res.body.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "failed", title: "Payment failed", detail: "Insufficient funds" }),
        expect.objectContaining({ kind: "flagged", detail: expect.stringContaining("Amount mismatch") }),
      ]),
    );
  });

  it("answers 404 Transaction not found for unknown, malformed, other-environment and other-merchant ids", async () => {
    const live = await db.transaction.findUniqueOrThrow({ where: { reference: `LIVE-${stamp}` } });
    const other = await db.transaction.findUniqueOrThrow({ where: { reference: `OTHER-${stamp}` } });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", rows[0]!.reference, live.id, other.id]) {
      const res = await detail(owner, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual(apiError({ message: "Transaction not found", code: "resource_missing", param: "id" }));
    }
    // The stranger cannot reach the owner's merchant at all.
    const res = await detail(owner, rows[0]!.id, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(apiError({ message: "Merchant not found", code: "resource_missing", param: "merchantId" }));
  });

  it("answers 401 without credentials", async () => {
    expect((await detail(owner, rows[0]!.id, null)).status).toBe(401);
  });
});

describe("refund dialog amounts", () => {
  it("turns typed naira into exact kobo without floating point", () => {
    const cases: Array<[string, number | null]> = [
      ["1,250.50", 125_050],
      ["1250.5", 125_050],
      ["1250", 125_000],
      [" ₦1,250.50 ", 125_050],
      ["0.29", 29],
      ["4.35", 435],
      ["1,000,000.07", 100_000_007],
      [".5", 50],
      ["5.", 500],
      ["007", 700],
      ["", null],
      [".", null],
      ["1.234", null],
      ["12,50", null],
      ["1,2500", null],
      ["-5", null],
      ["1e3", null],
      ["abc", null],
    ];
    for (const [input, kobo] of cases) expect(parseNairaToKobo(input), input).toBe(kobo);
    expect(koboToNairaInput(125_050)).toBe("1,250.50");
    expect(koboToNairaInput(5)).toBe("0.05");
    expect(koboToNairaInput(100_000_000_00)).toBe("100,000,000.00");
    for (const kobo of [1, 99, 435, 125_050, 987_654_321]) expect(parseNairaToKobo(koboToNairaInput(kobo))).toBe(kobo);
  });
});

function res200(res: { status: number; body: unknown }) {
  expect(res.status).toBe(200);
  return res.body;
}
