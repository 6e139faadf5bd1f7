// The API lane's routing (lib/api/lane) over the real app/api tree: every route file is in the table,
// paths reach the handler Next would pick, and what only Next answers is left to it. Byte-for-byte
// equality of the two paths on the production server is tests/e2e/api-lane.spec.ts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as catchAll from "@/app/api/[...path]/route";
import * as health from "@/app/api/health/route";
import * as login from "@/app/api/auth/login/route";
import * as me from "@/app/api/merchants/me/route";
import * as merchant from "@/app/api/merchants/[merchantId]/route";
import * as exportCsv from "@/app/api/merchants/[merchantId]/transactions/export.csv/route";
import * as transaction from "@/app/api/merchants/[merchantId]/transactions/[transactionId]/route";
import { resolveApi } from "@/lib/api/lane/dispatch";
import { NOT_ALLOWED } from "@/lib/api/methods";
import { apiRouteFiles, apiRouteTable } from "@/lib/api/lane/routes";
import { API_CSP } from "@/lib/security/headers.mjs";
import { call } from "../helpers/api";

const table = apiRouteTable(apiRouteFiles(path.resolve("app")).map(({ page, file }) => ({ page, load: () => import(path.resolve("app", file)) })));
const MERCHANT = "6f1c2a52-5a4e-4a8f-9d43-1f1b2f6f2b10";

describe("the API lane's route table", () => {
  it("has every app/api route file, once", () => {
    const files = fs.readdirSync("app/api", { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith("route.ts"));
    expect(table).toHaveLength(files.length);
    expect(new Set(table.map((route) => route.page)).size).toBe(files.length);
  });

  it("sends a path to the handler Next would pick: static before dynamic before catch-all", async () => {
    expect((await resolveApi(table, "POST", "/api/auth/login"))?.handler).toBe(login.POST);
    expect((await resolveApi(table, "GET", "/api/merchants/me"))?.handler).toBe(me.GET);
    expect(await resolveApi(table, "GET", `/api/merchants/${MERCHANT}`)).toMatchObject({ handler: merchant.GET, params: { merchantId: MERCHANT } });
    expect((await resolveApi(table, "GET", `/api/merchants/${MERCHANT}/transactions/export.csv`))?.handler).toBe(exportCsv.GET);
    expect(await resolveApi(table, "GET", `/api/merchants/${MERCHANT}/transactions/TXN-1-abc`)).toMatchObject({
      handler: transaction.GET,
      params: { merchantId: MERCHANT, transactionId: "TXN-1-abc" },
    });
    expect(await resolveApi(table, "DELETE", "/api/no/such/thing")).toMatchObject({ handler: catchAll.DELETE, params: { path: ["no", "such", "thing"] } });
  });

  it("leaves to Next what only Next answers", async () => {
    // next-auth reads cookies through next/headers; its paths must not fall to the catch-all either.
    expect(await resolveApi(table, "GET", "/api/auth/session")).toBeNull();
    expect(await resolveApi(table, "POST", "/api/auth/callback/credentials")).toBeNull();
    // HEAD and OPTIONS (Next runs GET for HEAD; OPTIONS is the module's, lib/api/methods.ts).
    expect(await resolveApi(table, "HEAD", "/api/health")).toBeNull();
    expect(await resolveApi(table, "OPTIONS", "/api/health")).toBeNull();
    // Paths Next redirects or decodes before matching.
    expect(await resolveApi(table, "GET", "/api/health/")).toBeNull();
    expect(await resolveApi(table, "GET", "/api//health")).toBeNull();
    expect(await resolveApi(table, "GET", "/api/%68ealth")).toBeNull();
    // Not the API at all.
    expect(await resolveApi(table, "GET", "/pay/abc")).toBeNull();
  });

  it("sends a method the module does not implement to its JSON 405, as Next would", async () => {
    expect((await resolveApi(table, "DELETE", "/api/health"))?.handler).toBe(health.DELETE);
    expect(NOT_ALLOWED.has(health.DELETE)).toBe(true);
  });

  it("answers with next.config's API headers, as Next adds them", async () => {
    const res = await call(health.GET, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe(API_CSP);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("vary")).toBe("rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a test that names a handler the path does not reach", async () => {
    await expect(call(health.GET, { path: "/api/merchants/me" })).rejects.toThrow(/reaches \/api\/merchants\/me/);
  });
});
