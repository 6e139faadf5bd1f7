import { describe, expect, it } from "vitest";
import * as catchAll from "@/app/api/[...path]/route";
import { encode } from "next-auth/jwt";
import * as meRoute from "@/app/api/merchants/me/route";
import * as merchantRoute from "@/app/api/merchants/[merchantId]/route";
import { errorResponse } from "@/lib/api/handler";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { apiError } from "../helpers/errors";

/** The catch-all answers paths that are no operation, so there is nothing in the document to check against. */
const NO_OPERATION = "unknown /api path: the catch-all 404";

describe("the API route wrapper", () => {
  it("answers unknown /api paths with a JSON 404 and a request id", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await call(catchAll[method], { method, path: "/api/nope", params: { path: ["nope"] }, unchecked: NO_OPERATION });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(apiError({ message: "Not found", code: "not_found" }));
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    }
  });

  it("keeps a caller's well-formed request id", async () => {
    const res = await call(catchAll.GET, { path: "/api/x", headers: { "x-request-id": "trace-1234abcd" }, unchecked: NO_OPERATION });
    expect(res.headers.get("x-request-id")).toBe("trace-1234abcd");
  });

  it("never leaks internals in a 500", async () => {
    const res = errorResponse(new Error("connect ECONNREFUSED postgres://admin:hunter2@db"), "req_test");
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ ...apiError({ message: "Internal server error", code: "internal_error" }), requestId: "req_test" });
  });

  it("accepts the dashboard session cookie, but refuses cross-site mutations made with it", async () => {
    const owner = await createMerchantOwner();
    const cookie = `next-auth.session-token=${await encode({ token: { sub: owner.user.id, sv: 0 }, secret: process.env.AUTH_SECRET! })}`;
    const path = `/api/merchants/${owner.merchant.id}`;
    const put = (headers: Record<string, string>) =>
      call(merchantRoute.PUT, {
        method: "PUT",
        path,
        params: { merchantId: owner.merchant.id },
        body: { businessName: "Renamed" },
        headers: { cookie, host: "localhost:3000", ...headers },
      });

    expect((await call(meRoute.GET, { path: "/api/merchants/me", headers: { cookie } })).status).toBe(200);
    expect((await put({ origin: "https://evil.example" })).status).toBe(403);
    expect((await put({})).status).toBe(403);
    expect((await put({ origin: "http://localhost:3000" })).status).toBe(200);

    // Issue 23, finding 8: the scheme counts, and X-Forwarded-Host / -Proto only from a trusted proxy.
    const trusted = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = "0";
      expect((await put({ origin: "https://localhost:3000" })).status).toBe(403);
      expect((await put({ origin: "https://evil.example", "x-forwarded-host": "evil.example" })).status).toBe(403);
      expect((await put({ origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" })).status).toBe(403);
      expect((await put({ origin: "http://localhost:3000", "x-forwarded-host": "evil.example" })).status).toBe(200);
      process.env.TRUST_PROXY = "1";
      const proxied = { "x-forwarded-host": "pay.example", "x-forwarded-proto": "https" };
      expect((await put({ ...proxied, origin: "https://pay.example" })).status).toBe(200);
      expect((await put({ ...proxied, origin: "http://pay.example" })).status).toBe(403);
      expect((await put({ ...proxied, origin: "https://evil.example" })).status).toBe(403);
    } finally {
      if (trusted === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = trusted;
    }

    const forged = await call(meRoute.GET, { path: "/api/merchants/me", headers: { cookie: "next-auth.session-token=forged" } });
    expect(forged.status).toBe(401);
  });
});
