// Strict input (issue 28, item 2): a body field or query parameter an operation does not take is a
// 400 naming it, at any depth; a currency other than NGN is a 400; and every /api answer is JSON with
// a request id, a 405 for a method the path does not take included, through the lane and the module.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { NOT_ALLOWED } from "@/lib/api/methods";
import { apiRouteFiles } from "@/lib/api/lane/routes";
import * as catchAll from "@/app/api/[...path]/route";
import * as health from "@/app/api/health/route";
import * as initiateRoute from "@/app/api/transactions/initiate/route";
import * as linksRoute from "@/app/api/merchants/[merchantId]/payment-links/route";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as plansRoute from "@/app/api/merchants/[merchantId]/plans/route";
import * as transactionsRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as eventsRoute from "@/app/api/events/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const ITEMS = [{ description: "Logo design", amount: 150_000, quantity: 2 }];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

let owner: Owner;

beforeAll(async () => {
  owner = await createMerchantOwner();
});

const post = (handler: Parameters<typeof call>[0], route: string, body: unknown) =>
  call(handler, { path: route.replace(":merchantId", owner.merchant.id), params: { merchantId: owner.merchant.id }, body, token: owner.token });
const links = (body: unknown) => post(linksRoute.POST, "/api/merchants/:merchantId/payment-links", body);
const invoices = (body: unknown) => post(invoicesRoute.POST, "/api/merchants/:merchantId/invoices", body);
const plans = (body: unknown) => post(plansRoute.POST, "/api/merchants/:merchantId/plans", body);

describe("unknown body fields", () => {
  it("refuses a top-level unknown field by name, and creates nothing", async () => {
    const before = await db.transaction.count({ where: { merchantId: owner.merchant.id } });
    const res = await initiate(paymentBody(owner.merchant.id, { currncy: "USD" }), { key: owner.secretKey });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_failed", errors: [{ field: "currncy", message: "Unknown field currncy" }] });
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(before);
  });

  it("names every unknown field alongside the ordinary errors", async () => {
    const res = await initiate(
      { merchantId: owner.merchant.id, amount: 1, email: "a@example.com", expand: ["customer"], colour: "red" },
      { key: owner.secretKey },
    );
    expect(res.status).toBe(400);
    const fields = (res.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["expand", "colour", "amount"]));
  });

  it("names a prototype key like any other, never reading Object.prototype", async () => {
    const body = JSON.stringify(paymentBody(owner.merchant.id)).replace(/^\{/, '{"__proto__":{"x":1},"constructor":1,');
    const res = await call(initiateRoute.POST, { path: "/api/transactions/initiate", body, token: owner.secretKey });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: "__proto__", message: "Unknown field __proto__" },
      { field: "constructor", message: "Unknown field constructor" },
    ]);
  });

  it("refuses an unknown field nested in an array of objects (invoice lineItems)", async () => {
    const res = await invoices({
      customerEmail: "buyer@example.com",
      lineItems: [...ITEMS, { description: "Hosting", amount: 50_000, quantity: 1, taxRate: 7.5 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "lineItems.1.taxRate", message: "Unknown field taxRate" }]);
    expect(await db.invoice.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("still takes free-form metadata and the declared fields", async () => {
    const res = await initiate(paymentBody(owner.merchant.id, { metadata: { orderId: "1042", anything: { nested: true } } }), { key: owner.secretKey });
    expect(res.status).toBe(201);
  });

  it("refuses an unknown field on a plan and a payment link", async () => {
    const plan = await plans({ name: "Gym", amount: 1_500_000, interval: "monthly", intervalCount: 2 });
    expect(plan.status).toBe(400);
    expect(plan.body.errors).toEqual([{ field: "intervalCount", message: "Unknown field intervalCount" }]);
    const link = await links({ title: "Ankara fabric", amount: 500_000, price: 500_000 });
    expect(link.status).toBe(400);
    expect(link.body.errors).toEqual([{ field: "price", message: "Unknown field price" }]);
  });
});

describe("currency", () => {
  it("answers 400 for USD on initiate, links, invoices and plans", async () => {
    const answers = [
      await initiate(paymentBody(owner.merchant.id, { currency: "USD" }), { key: owner.secretKey }),
      await links({ title: "Ankara fabric", amount: 500_000, currency: "USD" }),
      await invoices({ customerEmail: "buyer@example.com", lineItems: ITEMS, currency: "USD" }),
      await plans({ name: "Gym", amount: 1_500_000, interval: "monthly", currency: "USD" }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: "currency", message: "currency must be NGN: other currencies are not supported yet" }]);
    }
    expect(await db.paymentLink.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
    expect(await db.plan.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("takes NGN, said or not", async () => {
    const res = await initiate(paymentBody(owner.merchant.id, { currency: "NGN" }), { key: owner.secretKey });
    expect(res.status).toBe(201);
    const link = await links({ title: "Ankara fabric", amount: 500_000, currency: "NGN" });
    expect(link.status).toBe(201);
    expect(link.body.link.currency).toBe("NGN");
  });
});

describe("unknown query parameters", () => {
  const list = (query: string) =>
    call(transactionsRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/transactions${query}`,
      params: { merchantId: owner.merchant.id },
      token: owner.secretKey,
    });

  it("refuses one a list does not take, by name", async () => {
    const res = await list("?expand=customer&limit=5");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "query.expand", message: "Unknown field expand" }]);
    expect((await list("?limit=5")).status).toBe(200);
  });

  it("refuses any on a route that takes none", async () => {
    const res = await call(health.GET, { path: "/api/health?verbose=1" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "query.verbose", message: "Unknown field verbose" }]);
  });

  it("takes merchantId on /api/events, where it names the merchant", async () => {
    const res = await call(eventsRoute.GET, { path: `/api/events?merchantId=${owner.merchant.id}&limit=1`, token: owner.token });
    expect(res.status).toBe(200);
    const bad = await call(eventsRoute.GET, { path: `/api/events?merchantId=${owner.merchant.id}&merchant=x`, token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "query.merchant", message: "Unknown field merchant" }]);
  });
});

describe("a method the path does not take", () => {
  const NO_OPERATION = "405: the document lists each path's methods, not the others";

  function expect405(res: { status: number; headers: Headers; body: any }, allow: string, method: string) {
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.body).toEqual({
      message: `${method} is not allowed here. Allowed: ${allow}`,
      code: "method_not_allowed",
      requestId: expect.any(String),
      docUrl: expect.stringMatching(/\/docs\/errors#method_not_allowed$/),
    });
    expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
  }

  it("answers JSON 405 with Allow and a request id through the lane", async () => {
    expect405(await call(initiateRoute.GET, { path: "/api/transactions/initiate", unchecked: NO_OPERATION }), "OPTIONS, POST", "GET");
    const del = await call(health.DELETE, { method: "DELETE", path: "/api/health", unchecked: NO_OPERATION });
    expect405(del, "GET, HEAD, OPTIONS", "DELETE");
    // The lane adds next.config's API headers as it does to every answer.
    expect(del.headers.get("x-content-type-options")).toBe("nosniff");
    const patch = await call(plansRoute.PATCH, {
      method: "PATCH",
      path: `/api/merchants/${owner.merchant.id}/plans`,
      params: { merchantId: owner.merchant.id },
      body: { name: "x" },
      unchecked: NO_OPERATION,
    });
    expect405(patch, "GET, HEAD, OPTIONS, POST", "PATCH");
  });

  it("answers the same from the route module, as Next calls it, and keeps a sent request id", async () => {
    const req = new NextRequest("http://localhost:3000/api/transactions/initiate?x=1", { method: "PUT", headers: { "x-request-id": "req-from-client-1" } });
    const res = await initiateRoute.PUT(req);
    const body = await res.json();
    expect405({ status: res.status, headers: res.headers, body }, "OPTIONS, POST", "PUT");
    expect(body.requestId).toBe("req-from-client-1");
  });

  it("answers OPTIONS with the real methods only", async () => {
    const res = await health.OPTIONS(new NextRequest("http://localhost:3000/api/health", { method: "OPTIONS" }));
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("is exported by every route module, naming exactly the methods it implements", async () => {
    const files = apiRouteFiles(path.resolve("app")).filter(({ page }) => page !== "/api/[...path]");
    expect(files.length).toBeGreaterThan(50);
    for (const { page, file } of files) {
      const exports = (await import(path.resolve("app", file))) as Record<string, unknown>;
      const real = METHODS.filter((m) => typeof exports[m] === "function" && !NOT_ALLOWED.has(exports[m] as object));
      expect(real.length, page).toBeGreaterThan(0);
      const others = METHODS.filter((m) => !real.includes(m));
      for (const method of others) expect(NOT_ALLOWED.has(exports[method] as object), `${method} ${page} must be otherMethods()'s`).toBe(true);
      expect(typeof exports.OPTIONS, `${page} exports OPTIONS`).toBe("function");
      const options = await (exports.OPTIONS as (req: NextRequest) => Promise<Response>)(
        new NextRequest(`http://localhost:3000${page}`, { method: "OPTIONS" }),
      );
      const allow = new Set([...real, "OPTIONS", ...(real.includes("GET") ? ["HEAD"] : [])]);
      expect(options.headers.get("allow"), page).toBe([...allow].sort().join(", "));
    }
  });
});

describe("an unknown /api path", () => {
  it("answers a JSON 404 with a request id", async () => {
    const res = await call(catchAll.GET, { path: "/api/no/such/thing", unchecked: "the catch-all is no API operation" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ message: "Not found", code: "not_found" });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });
});
