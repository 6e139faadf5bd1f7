// Issue 28 item 7: RateLimit-* headers on limited routes, the request log's redacted bodies with
// filters and pages, and /docs "Try it" bodies that the API accepts.
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "@/lib/zod";
import * as linkReadRoute from "@/app/api/payment-links/[slug]/route";
import * as forgotRoute from "@/app/api/auth/forgot-password/route";
import * as initiateRoute from "@/app/api/transactions/initiate/route";
import * as linksRoute from "@/app/api/merchants/[merchantId]/payment-links/route";
import * as requestsRoute from "@/app/api/merchants/[merchantId]/api-requests/route";
import * as transactionsRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import { LIMITS } from "@/lib/api/limits";
import { limitInWords, RATE_LIMITED_OPERATIONS, rateLimitTable } from "@/lib/api/openapi/headers";
import { apiPaths, openApiDocument } from "@/lib/api/openapi/document";
import { flushApiRequestLogs } from "@/lib/api/request-log";
import { LOGGED_BODY_LIMIT, redactBody } from "@/lib/api/redact-body";
import { createLink } from "@/lib/links/service";
import { db } from "@/lib/db/client";
import { call } from "../helpers/api";
import { createMerchantOwner, uniqueEmail } from "../helpers/factories";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const at = (owner: Owner, sub: string) => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });
let counter = 0;
/** A fresh documentation address (TEST-NET-2) per use, so tests do not share counters. */
const address = () => `198.51.100.${++counter}`;
const rateHeaders = (headers: Headers) => ({
  limit: Number(headers.get("ratelimit-limit")),
  remaining: Number(headers.get("ratelimit-remaining")),
  reset: Number(headers.get("ratelimit-reset")),
});

describe("RateLimit headers", () => {
  let slug: string;
  beforeAll(async () => {
    const owner = await createMerchantOwner();
    slug = `tr${randomBytes(6).toString("hex")}`;
    await createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Transparency", customSlug: slug });
  });

  it("every answer of a limited route says the limit, what is left (counting down) and when the window resets", async () => {
    const ip = address();
    const read = () => call(linkReadRoute.GET, { path: `/api/payment-links/${slug}`, params: { slug }, headers: { "x-forwarded-for": ip } });
    const first = await read();
    const second = await read();
    expect(first.status).toBe(200);
    expect(rateHeaders(first.headers)).toEqual({ limit: 300, remaining: 299, reset: expect.any(Number) });
    expect(rateHeaders(second.headers).remaining).toBe(298);
    expect(rateHeaders(second.headers).reset).toBeGreaterThan(0);
    expect(rateHeaders(second.headers).reset).toBeLessThanOrEqual(60);
    // Another caller has its own count.
    const other = await call(linkReadRoute.GET, { path: `/api/payment-links/${slug}`, params: { slug }, headers: { "x-forwarded-for": address() } });
    expect(rateHeaders(other.headers).remaining).toBe(299);
  });

  it("the 429 keeps Retry-After and says 0 remaining; a reset starts the count again", async () => {
    const ip = address();
    const forgot = () =>
      call(forgotRoute.POST, { path: "/api/auth/forgot-password", body: { email: uniqueEmail("forgot") }, headers: { "x-forwarded-for": ip } });
    let last = await forgot();
    for (let i = 1; i < 20; i++) last = await forgot();
    expect(last.status).not.toBe(429);
    expect(rateHeaders(last.headers)).toMatchObject({ limit: 20, remaining: 0 });
    const refused = await forgot();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(rateHeaders(refused.headers)).toMatchObject({ limit: 20, remaining: 0 });
    expect(rateHeaders(refused.headers).reset).toBe(Number(refused.headers.get("retry-after")));

    await LIMITS.passwordReset.reset(ip);
    const again = await forgot();
    expect(again.status).not.toBe(429);
    expect(rateHeaders(again.headers)).toMatchObject({ limit: 20, remaining: 19 });
  });

  it("initiate with a secret key counts per key: 600 a minute", async () => {
    const owner = await createMerchantOwner();
    const res = await call(initiateRoute.POST, {
      path: "/api/transactions/initiate",
      token: owner.secretKey,
      body: { amount: 5000, email: "buyer@example.com" },
    });
    expect(res.status).toBe(201);
    expect(rateHeaders(res.headers)).toMatchObject({ limit: 600, remaining: 599 });
  });

  it("a route without a limit sends none", async () => {
    const owner = await createMerchantOwner();
    const res = await call(transactionsRoute.GET, { ...at(owner, "/transactions"), token: owner.secretKey });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.has("ratelimit-limit")).toBe(false);
  });

  it("docs/api.md's rate-limit table is the one rendered from the limiters", () => {
    const docs = readFileSync(join(process.cwd(), "docs", "api.md"), "utf8");
    const shown = /<!-- rate-limits:start -->\n([\s\S]*?)\n\s*<!-- rate-limits:end -->/.exec(docs)?.[1];
    const unindent = (text: string) =>
      text
        .split("\n")
        .map((line) => line.trim())
        .join("\n");
    expect(unindent(shown ?? "")).toBe(rateLimitTable());
    // Every limiter has its row.
    expect(rateLimitTable().split("\n")).toHaveLength(Object.keys(LIMITS).length + 2);
    for (const limiter of Object.values(LIMITS)) expect(rateLimitTable()).toContain(`| ${limitInWords(limiter)} |`);
  });

  it("every route file with a `rateLimit` option is listed as limited in the document", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name === "route.ts" ? [join(dir, e.name)] : []));
    const limited = files(join(process.cwd(), "app", "api"))
      .filter((file) => /\brateLimit:/.test(readFileSync(file, "utf8")))
      .map((file) => file.slice(join(process.cwd(), "app").length, -"/route.ts".length).replace(/\[([^\]]+)\]/g, "{$1}"));
    const listed = Object.keys(RATE_LIMITED_OPERATIONS).map((op) => op.split(" ")[1]);
    expect(limited.filter((path) => !listed.includes(path))).toEqual([]);
    expect(limited.length).toBeGreaterThanOrEqual(5);
  });
});

describe("request log bodies", () => {
  const CARD = "4084 0840 8408 4081";

  it("keeps request and response bodies with secrets and card numbers redacted, and big ones cut", async () => {
    const owner = await createMerchantOwner();
    const secret = owner.secretKey;
    const created = await call(linksRoute.POST, {
      ...at(owner, "/payment-links"),
      token: owner.token,
      body: { title: "Card test", description: `paid with ${CARD} using ${secret}` },
    });
    expect(created.status).toBe(201);
    const refused = await call(linksRoute.POST, {
      ...at(owner, "/payment-links"),
      token: owner.token,
      body: { title: "x".repeat(20_000), password: "hunter2hunter2" },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await call(transactionsRoute.GET, { ...at(owner, "/transactions"), token: owner.secretKey })).status).toBe(200);
    await flushApiRequestLogs();

    const rows = await db.apiRequestLog.findMany({ where: { merchantId: owner.merchant.id }, orderBy: { createdAt: "asc" } });
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain("4084084084084081");
    expect(stored).not.toContain(CARD);
    expect(stored).not.toContain("hunter2");
    expect(rows[0]!.requestBody).toEqual({ title: "Card test", description: "paid with [redacted] using [redacted]" });
    expect(rows[0]!.responseBody).toMatchObject({ link: { title: "Card test", description: "paid with [redacted] using [redacted]" } });
    expect(rows[0]!.apiKeyId).toBeNull();
    // The 20 KB body was cut to 8 KB; the third call was made with the key, whose id is kept.
    expect(rows[2]!.apiKeyId).toBe((await db.apiKey.findFirstOrThrow({ where: { merchantId: owner.merchant.id } })).id);
    expect(rows[2]!.requestBody).toBeNull();
    expect(rows[2]!.responseBody).toMatchObject({ data: [] });
    expect(rows[1]!.requestBody).toMatchObject({ truncated: true, size: expect.any(Number) });
    expect((rows[1]!.requestBody as { preview: string }).preview.length).toBe(LOGGED_BODY_LIMIT);
    expect(rows[1]!.responseBody).toMatchObject({ message: expect.any(String) });
  });

  it("redacts by name (passwords, tokens, secrets, BVN, a request's code) and by shape, and keeps the rest", () => {
    expect(
      redactBody(
        {
          password: "p",
          newPassword: "p",
          accessToken: "t",
          signingSecret: "whsec_abc",
          bvn: "12345678901",
          code: "123456",
          nested: { secretKey: "sk_live_x", note: "key sk_test_abcDEF1 and whsec_Zm9v", amount: 5000, reference: "PL_1234567890123" },
          cards: [4084084084084081, "4000-0000-0000-0002"],
        },
        "request",
      ),
    ).toEqual({
      password: "[redacted]",
      newPassword: "[redacted]",
      accessToken: "[redacted]",
      signingSecret: "[redacted]",
      bvn: "[redacted]",
      code: "[redacted]",
      nested: { secretKey: "[redacted]", note: "key [redacted] and [redacted]", amount: 5000, reference: "PL_1234567890123" },
      cards: ["[redacted]", "[redacted]"],
    });
    // An answer's `code` is an error's kind, not a secret.
    expect(redactBody({ message: "Validation failed", code: "validation_failed" }, "response")).toEqual({
      message: "Validation failed",
      code: "validation_failed",
    });
    expect(redactBody(undefined, "request")).toBeNull();
  });

  it("lists with filters (status class, method, path, key) and cursor pages", async () => {
    const owner = await createMerchantOwner();
    const list = (query = "") =>
      call(requestsRoute.GET, { ...at(owner, "/api-requests"), path: `/api/merchants/${owner.merchant.id}/api-requests${query}`, token: owner.token });
    await call(transactionsRoute.GET, { ...at(owner, "/transactions"), token: owner.secretKey });
    await call(linksRoute.POST, { ...at(owner, "/payment-links"), token: owner.token, body: { title: "" } });
    await call(linksRoute.POST, { ...at(owner, "/payment-links"), token: owner.token, body: { title: "Fine" } });
    await flushApiRequestLogs();
    const key = await db.apiKey.findFirstOrThrow({ where: { merchantId: owner.merchant.id, environment: "test" } });

    const all = await list();
    expect(all.status).toBe(200);
    // The list calls themselves are logged as they are made, so count only the link calls.
    const made = (all.body.data as { path: string }[]).filter((r) => !r.path.endsWith("/api-requests"));
    expect(made).toHaveLength(3);
    expect((await list("?status=4xx")).body.data.map((r: { statusCode: number }) => r.statusCode)).toEqual([400]);
    expect((await list("?method=POST&status=2xx")).body.data.map((r: { statusCode: number }) => r.statusCode)).toEqual([201]);
    expect((await list("?path=PAYMENT-LINKS")).body.data).toHaveLength(2);
    expect((await list(`?apiKeyId=${key.id}`)).body.data.map((r: { path: string }) => r.path)).toEqual([`/api/merchants/${owner.merchant.id}/transactions`]);
    expect((await list(`?apiKeyId=${randomUUID()}`)).body.data).toEqual([]);

    const first = await list("?path=payment-links&limit=1");
    expect(first.body.data).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(`?path=payment-links&limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    expect(first.body.data[0].requestBody).toEqual({ title: "Fine" });
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    expect(second.body.data[0].requestBody).toEqual({ title: "" });

    expect((await list("?status=6xx")).status).toBe(400);
    expect((await list("?cursor=nope!")).status).toBe(400);
  });
});

describe("Try it examples", () => {
  type Media = { example?: unknown; schema?: unknown };
  type Doc = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, Media> } }>> };
  const doc = () => JSON.parse(JSON.stringify(openApiDocument())) as Doc;
  const zodBody = (path: string, method: string) =>
    (apiPaths()[path] as Record<string, { requestBody?: { content?: Record<string, { schema?: z.ZodType }> } }>)[method]?.requestBody?.content?.[
      "application/json"
    ]?.schema;

  it("every operation's example request body passes that route's body schema", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc().paths)) {
      for (const [method, op] of Object.entries(item)) {
        const media = op.requestBody?.content?.["application/json"];
        if (!media) continue;
        checked++;
        if (media.example === undefined) {
          failures.push(`${method} ${path}: no example`);
          continue;
        }
        const schema = zodBody(path, method);
        const result = schema?.safeParse(media.example);
        if (!result?.success) failures.push(`${method} ${path}: ${JSON.stringify(result?.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`))}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(25);
  });

  it("the examples succeed against the real routes for a fresh sandbox merchant", async () => {
    const owner = await createMerchantOwner();
    const d = doc();
    const example = (path: string) => d.paths[path]!.post!.requestBody!.content!["application/json"]!.example;
    const initiated = await call(initiateRoute.POST, {
      path: "/api/transactions/initiate",
      token: owner.secretKey,
      body: example("/api/transactions/initiate"),
    });
    expect(initiated.status).toBe(201);
    const link = await call(linksRoute.POST, {
      ...at(owner, "/payment-links"),
      token: owner.token,
      body: example("/api/merchants/{merchantId}/payment-links"),
    });
    expect(link.status).toBe(201);
  });
});
