import { beforeAll, describe, expect, it } from "vitest";
import { cursorPaging, listHref, loadWithCursor } from "@/components/dashboard/list-params";
import { exportHref, parseFilters, readParams, transactionsHref } from "@/components/transactions/list-params";
import { ApiError } from "@/lib/api/errors";
import { listCustomers } from "@/lib/customers/queries";
import { listLinks } from "@/lib/links/service";
import { listTransactions } from "@/lib/payments/queries";
import { listPayouts } from "@/lib/payouts/queries";
import { createMerchantOwner } from "../helpers/factories";

let scope: { merchantId: string; environment: "test" | "live" };

beforeAll(async () => {
  const owner = await createMerchantOwner();
  scope = { merchantId: owner.merchant.id, environment: "test" };
});

describe("dashboard list URLs", () => {
  it("listHref keeps the set parameters in order and drops the blank ones", () => {
    expect(listHref("/dashboard/invoices", {})).toBe("/dashboard/invoices");
    expect(listHref("/dashboard/invoices", { status: "SENT", cursor: undefined })).toBe("/dashboard/invoices?status=SENT");
    expect(listHref("/dashboard/customers", { search: "ngozi eze", cursor: "a/b+c" })).toBe("/dashboard/customers?search=ngozi+eze&cursor=a%2Fb%2Bc");
  });

  it("cursorPaging: the first page, the next page, and whether this is a later page", () => {
    const href = (cursor?: string) => listHref("/dashboard/payouts", { cursor });
    expect(cursorPaging(href, undefined, null)).toEqual({ onLaterPage: false, firstPageHref: "/dashboard/payouts", nextPageHref: null });
    expect(cursorPaging(href, "c1", "c2")).toEqual({ onLaterPage: true, firstPageHref: "/dashboard/payouts", nextPageHref: "/dashboard/payouts?cursor=c2" });
  });

  it("the transactions page keeps its filters when it changes the cursor, and exports the filters only", () => {
    const params = readParams({ q: [" ada ", "ignored"], status: "COMPLETED", cursor: "c1", limit: "10", other: "x", from: "  " });
    expect(params).toEqual({ q: "ada", status: "COMPLETED", cursor: "c1", limit: "10" });
    expect(transactionsHref(params, { cursor: undefined })).toBe("/dashboard/transactions?q=ada&status=COMPLETED&limit=10");
    expect(transactionsHref(params, { cursor: "c2" })).toBe("/dashboard/transactions?q=ada&status=COMPLETED&cursor=c2&limit=10");
    expect(exportHref("m1", params)).toBe("/api/merchants/m1/transactions/export.csv?q=ada&status=COMPLETED");
  });

  it("a hand-edited transactions URL: the bad filter is dropped and named, the good ones stay", () => {
    const { query, valid, problems } = parseFilters({ q: "ada", status: "NOT_A_STATUS", channel: "card" });
    expect(valid).toEqual({ q: "ada", channel: "card" });
    expect(query).toMatchObject({ q: "ada", channel: "card" });
    expect(query).not.toHaveProperty("status");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/status/i);
  });
});

describe("loadWithCursor", () => {
  const mangled = "not-a-real-cursor";

  const lists: Array<[string, (cursor?: string) => Promise<{ data: unknown[] }>]> = [
    ["transactions", (cursor?: string) => listTransactions(scope, { limit: 25, cursor })],
    ["customers", (cursor?: string) => listCustomers(scope, { limit: 25, cursor })],
    ["payouts", (cursor?: string) => listPayouts(scope, { limit: 25, cursor })],
    ["payment links", (cursor?: string) => listLinks(scope, { limit: 25, cursor })],
  ];

  it.each(lists)("a mangled cursor in the %s list starts again from the first page and says so", async (_name, load) => {
    const result = await loadWithCursor(mangled, load);
    expect(result.cursorExpired).toBe(true);
    expect(result.cursor).toBeUndefined();
    expect(result.page.data).toEqual([]);

    const fresh = await loadWithCursor(undefined, load);
    expect(fresh).toMatchObject({ cursor: undefined, cursorExpired: false });
  });

  it("any other failure is not swallowed", async () => {
    const failing = () => Promise.reject(ApiError.notFound("gone"));
    await expect(loadWithCursor("c1", failing)).rejects.toThrow("gone");
    const badRequestWithoutCursor = () => Promise.reject(new ApiError({ status: 400, message: "bad" }));
    await expect(loadWithCursor(undefined, badRequestWithoutCursor)).rejects.toThrow("bad");
  });
});
