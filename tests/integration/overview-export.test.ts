import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { bucketStarts, getOverview } from "@/lib/reports/overview";
import * as exportRoute from "@/app/api/merchants/[merchantId]/transactions/export.csv/route";
import * as overviewRoute from "@/app/api/merchants/[merchantId]/overview/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { insertLink, insertTransaction } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const NOW = new Date("2026-11-20T10:00:00.000Z"); // 11:00 in Lagos
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let seq = 0;

function tx(
  owner: Owner,
  fields: {
    amount: number;
    status: "COMPLETED" | "FAILED" | "CANCELLED" | "PENDING" | "REFUNDED" | "ABANDONED";
    createdAt: Date;
    refundedAmount?: number;
    environment?: "test" | "live";
    paymentLinkId?: string;
    customerName?: string;
    description?: string;
    channel?: string;
  },
) {
  seq += 1;
  return {
    merchantId: owner.merchant.id,
    environment: fields.environment ?? "test",
    reference: `OV-${Date.now()}-${seq}`,
    amount: BigInt(fields.amount),
    status: fields.status,
    customerEmail: `c${seq}@example.com`,
    customerName: fields.customerName ?? null,
    description: fields.description ?? null,
    channel: fields.channel ?? "card",
    processor: "sandbox" as const,
    paymentLinkId: fields.paymentLinkId ?? null,
    createdAt: fields.createdAt,
    refundedAmount: BigInt(fields.refundedAmount ?? (fields.status === "REFUNDED" ? fields.amount : 0)),
  };
}

describe("overview figures", () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    const link = await insertLink({ merchantId: owner.merchant.id, title: "Jollof tray" });
    await db.transaction.createMany({
      data: [
        tx(owner, { amount: 100_000, status: "COMPLETED", createdAt: new Date("2026-11-20T08:00:00Z"), paymentLinkId: link.id }),
        // Partly refunded: ₦1,000 of ₦3,000 went back, so ₦2,000 was received.
        tx(owner, { amount: 300_000, status: "REFUNDED", refundedAmount: 100_000, createdAt: new Date("2026-11-20T09:00:00Z") }),
        // 23:30 UTC on the 18th is 00:30 on the 19th in Lagos.
        tx(owner, { amount: 50_000, status: "COMPLETED", createdAt: new Date("2026-11-18T23:30:00Z"), paymentLinkId: link.id }),
        tx(owner, { amount: 70_000, status: "FAILED", createdAt: new Date("2026-11-19T12:00:00Z") }),
        tx(owner, { amount: 80_000, status: "PENDING", createdAt: new Date("2026-11-19T12:00:00Z") }),
        // Expired unpaid: an unsuccessful attempt, no money.
        tx(owner, { amount: 60_000, status: "ABANDONED", createdAt: new Date("2026-11-19T11:00:00Z") }),
        // Outside the 30 days, live mode and another merchant: never counted.
        tx(owner, { amount: 999_000, status: "COMPLETED", createdAt: new Date(NOW.getTime() - 40 * DAY) }),
        tx(owner, { amount: 999_000, status: "COMPLETED", createdAt: new Date("2026-11-20T08:00:00Z"), environment: "live" }),
        tx(stranger, { amount: 999_000, status: "COMPLETED", createdAt: new Date("2026-11-20T08:00:00Z") }),
      ],
    });
    const invoice = (status: "DRAFT" | "SENT" | "PAID" | "OVERDUE" | "VOID", amount: number, dueDate: string, environment: "test" | "live" = "test") => ({
      merchantId: owner.merchant.id,
      environment,
      status,
      amount: BigInt(amount),
      dueDate: new Date(`${dueDate}T00:00:00Z`),
      customerEmail: "b@example.com",
      invoiceNumber: `INV-${++seq}`,
    });
    await db.invoice.createMany({
      data: [
        invoice("SENT", 10_000, "2026-12-01"),
        invoice("SENT", 20_000, "2026-11-10"), // past due, not yet marked by the daily job
        invoice("OVERDUE", 40_000, "2026-11-01"),
        invoice("DRAFT", 1_000_000, "2026-12-01"),
        invoice("PAID", 1_000_000, "2026-11-01"),
        invoice("VOID", 1_000_000, "2026-11-01"),
        invoice("OVERDUE", 1_000_000, "2026-11-01", "live"),
      ],
    });
  });

  it("buckets by Lagos day and computes volume (money received, net of refunds), count, success rate and average in SQL", async () => {
    const overview = await getOverview({ merchantId: owner.merchant.id, environment: "test" }, "day", NOW);
    expect(overview.series).toHaveLength(30);
    expect(overview.series.at(-1)).toEqual({ bucket: "2026-11-20", volume: 300_000, count: 2 });
    expect(overview.series.at(-2)).toEqual({ bucket: "2026-11-19", volume: 50_000, count: 1 });
    expect(overview.series.at(-3)).toEqual({ bucket: "2026-11-18", volume: 0, count: 0 });
    // Success: 3 paid of 3 paid + 1 failed + 1 abandoned.
    expect(overview.totals).toEqual({ volume: 350_000, count: 3, successRate: 0.6, averageTicket: 116_666 });
    expect(overview.topLinks).toEqual([expect.objectContaining({ title: "Jollof tray", count: 2, volume: 150_000 })]);
    // The newest six of this merchant's test transactions, whatever their age; never live or another merchant's.
    const recent = overview.recentTransactions.map((t) => t.amount);
    expect(recent.slice(0, 2)).toEqual([300_000, 100_000]);
    expect(recent.slice(2, 4).sort()).toEqual([70_000, 80_000]); // same instant: either order
    expect(recent.slice(4)).toEqual([60_000, 50_000]);
    // What the badge needs to tell "Partially refunded" from "Refunded".
    expect(overview.recentTransactions[0]).toMatchObject({ status: "REFUNDED", amount: 300_000, refundedAmount: 100_000 });
    expect(overview.invoices.outstanding).toEqual({ count: 3, amount: 70_000 });
    expect(overview.invoices.overdue).toEqual({ count: 2, amount: 60_000 });
    expect(overview.invoices.overdueList.map((i) => i.daysOverdue)).toEqual([19, 10]);
  });

  it("starts weeks on Monday and months on the 1st, in Lagos time", () => {
    expect(bucketStarts("week", NOW).keys.at(-1)).toBe("2026-11-16");
    expect(bucketStarts("month", NOW).keys).toHaveLength(12);
    expect(bucketStarts("month", NOW).keys[0]).toBe("2025-12-01");
    // 23:30 UTC on 31 Dec is already 1 January in Lagos.
    expect(bucketStarts("day", new Date("2026-12-31T23:30:00Z")).keys.at(-1)).toBe("2027-01-01");
  });

  it("is served at GET /api/merchants/:id/overview and validates the interval", async () => {
    const ok = await call(overviewRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/overview?interval=month`,
      params: { merchantId: owner.merchant.id },
      token: owner.token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.overview.series).toHaveLength(12);
    const bad = await call(overviewRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/overview?interval=year`,
      params: { merchantId: owner.merchant.id },
      token: owner.token,
    });
    expect(bad.status).toBe(400);
  });
});

describe("CSV export", () => {
  const exportUrl = (owner: Owner, query = "") => `/api/merchants/${owner.merchant.id}/transactions/export.csv${query}`;
  const rowsOf = (text: string) => parse(text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];

  it("streams every filtered row in batches, newest first, with no duplicates", async () => {
    const owner = await createMerchantOwner();
    const base = Date.now() - 10 * DAY;
    await db.transaction.createMany({
      data: Array.from({ length: 2_300 }, (_, i) =>
        tx(owner, { amount: 10_000 + i, status: i % 2 ? "COMPLETED" : "FAILED", createdAt: new Date(base + Math.floor(i / 3) * 1000) }),
      ),
    });
    await insertTransaction(tx(owner, { amount: 5_000, status: "COMPLETED", createdAt: new Date(base), environment: "live" }));

    // Read it the way a browser does: the first chunk (the header) arrives before the rows are read.
    const handler = exportRoute.GET as unknown as (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
    const res = await handler(
      new NextRequest(new URL(exportUrl(owner, "?status=COMPLETED&limit=5&cursor=ignored"), "http://localhost:3000"), {
        headers: { authorization: `Bearer ${owner.token}` },
      }),
      { params: Promise.resolve({ merchantId: owner.merchant.id }) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="transactions-test-\d{4}-\d{2}-\d{2}\.csv"$/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const first = decoder.decode((await reader.read()).value);
    expect(first).toBe(
      "\uFEFFid,reference,created_at,completed_at,status,amount_ngn,fee_ngn,platform_fee_ngn,net_ngn,refunded_ngn,currency,channel,payment_method,customer_email,customer_name,description,payment_link_id,invoice_id,sender_name,sender_bank\r\n",
    );
    let text = first;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);

    const rows = rowsOf(text);
    expect(rows).toHaveLength(1_150);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1_150);
    expect(rows.every((r) => r.status === "COMPLETED")).toBe(true);
    const times = rows.map((r) => Date.parse(r.created_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows.find((r) => r.amount_ngn === "50.00")).toBeUndefined(); // the live row
    expect(rows[0]!.amount_ngn).toMatch(/^\d+\.\d{2}$/);
    // The processor's fee, the platform's and what the merchant nets, all exact to the kobo.
    const kobo = (naira: string) => Math.round(Number(naira) * 100);
    for (const r of rows.slice(0, 20)) expect(kobo(r.net_ngn!)).toBe(kobo(r.amount_ngn!) - kobo(r.fee_ngn!) - kobo(r.platform_fee_ngn!));
  });

  it("escapes commas, quotes and line breaks, and defuses spreadsheet formulas", async () => {
    const owner = await createMerchantOwner();
    await db.transaction.createMany({
      data: [
        tx(owner, {
          amount: 125_050,
          status: "COMPLETED",
          createdAt: new Date(),
          customerName: '=HYPERLINK("http://evil.example","click")',
          description: 'Jollof, "large"\nsecond line',
        }),
        tx(owner, { amount: 10_000, status: "COMPLETED", createdAt: new Date(Date.now() - 1000), customerName: "+2348031234567", description: "@SUM(A1)" }),
        tx(owner, { amount: 10_000, status: "COMPLETED", createdAt: new Date(Date.now() - 2000), customerName: "-1+1", description: "Plain" }),
      ],
    });
    const res = await call(exportRoute.GET as never, { path: exportUrl(owner), params: { merchantId: owner.merchant.id }, token: owner.token });
    const rows = rowsOf(res.text);
    expect(rows.map((r) => r.customer_name)).toEqual(['\'=HYPERLINK("http://evil.example","click")', "'+2348031234567", "'-1+1"]);
    expect(rows[0]!.description).toBe('Jollof, "large"\nsecond line');
    expect(rows[1]!.description).toBe("'@SUM(A1)");
    expect(rows[0]!.amount_ngn).toBe("1250.50");
    expect(res.text).toContain('"Jollof, ""large""\nsecond line"');
  });

  it("applies the list's validation and merchant scoping", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    expect(
      (await call(exportRoute.GET as never, { path: exportUrl(owner, "?status=NOPE"), params: { merchantId: owner.merchant.id }, token: owner.token })).status,
    ).toBe(400);
    expect((await call(exportRoute.GET as never, { path: exportUrl(owner), params: { merchantId: owner.merchant.id }, token: stranger.token })).status).toBe(
      404,
    );
    expect((await call(exportRoute.GET as never, { path: exportUrl(owner), params: { merchantId: owner.merchant.id } })).status).toBe(401);
  });
});
