// Hostile bodies against every API route that takes one (enumerated from the permission table):
// oversized, malformed, wrong shapes and types, NUL and control characters, SQL and HTML, bad amounts,
// duplicate keys, missing fields. Every answer is a 4xx (never a 5xx), and a refused request leaves
// every table as it was.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call, type CallResult } from "../helpers/api";
import { createMerchantOwner, signupBody, uniqueEmail } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { MERCHANT_ROUTES, NOT_MERCHANT_SCOPED, routeFile, type Fixture, type Method, type Request } from "../helpers/route-permissions";

const ROOT = path.resolve(import.meta.dirname, "../..");
type Case = { method: Method; path: string; token?: "user" | "none"; setup?: (f: Fixture) => Promise<Request> };

/** Routes outside the merchant table that take a body, each with a valid one to corrupt. */
const OTHER_BODIES: Record<string, Omit<Case, "method" | "path">> = {
  "POST /api/auth/signup": { token: "none", setup: async () => ({ body: signupBody() }) },
  "POST /api/auth/login": { token: "none", setup: async () => ({ body: { email: uniqueEmail(), password: "long-enough-password" } }) },
  "POST /api/auth/resend-verification": { token: "none", setup: async () => ({ body: { email: uniqueEmail() } }) },
  "POST /api/auth/forgot-password": { token: "none", setup: async () => ({ body: { email: uniqueEmail() } }) },
  "POST /api/auth/reset-password": { token: "none", setup: async () => ({ body: { token: "x".repeat(43), password: "long-enough-password" } }) },
  "PATCH /api/account": { token: "user", setup: async () => ({ body: { firstName: "Bisi" } }) },
  "POST /api/account/password": { token: "user", setup: async () => ({ body: { currentPassword: "wrong-password-1", newPassword: "another-long-password" } }) },
  "POST /api/account/sign-out-others": { token: "user" },
  // The fixture's owner has no two-factor sign-in: valid bodies answer 409, and nothing is stored.
  "POST /api/account/two-factor/setup": { token: "user" },
  "POST /api/account/two-factor/confirm": { token: "user", setup: async () => ({ body: { code: "123456" } }) },
  "POST /api/account/two-factor/disable": { token: "user", setup: async () => ({ body: { password: "long-enough-password", code: "123456" } }) },
  "POST /api/account/two-factor/recovery-codes": { token: "user", setup: async () => ({ body: { code: "123456" } }) },
  "POST /api/invitations/accept": {
    token: "none",
    setup: async () => ({ body: { token: "x".repeat(43), firstName: "Ade", lastName: "Ola", password: "long-enough-password" } }),
  },
  "POST /api/dev/payouts/sync": { token: "none", setup: async () => ({ body: { asOf: new Date().toISOString() } }) },
  "POST /api/dev/reconcile": { token: "none", setup: async () => ({ body: { asOf: new Date().toISOString() } }) },
  "POST /api/dev/subscriptions/renew": { token: "none", setup: async () => ({ body: { asOf: new Date().toISOString() } }) },
  "POST /api/dev/transfers": { token: "none", setup: async () => ({ body: { accountNumber: "9000000001", amount: 100_000 } }) },
  "POST /api/transactions/initiate": { token: "none", setup: async (f) => ({ body: paymentBody(f.merchantId) }) },
  "POST /api/transactions/webhooks/:processor": {
    token: "none",
    setup: async () => ({ params: { processor: "sandbox" }, body: { event: "charge.success", data: { reference: "x" } } }),
  },
};
const SKIPPED = new Set(["POST /api/auth/:...nextauth"]); // next-auth's own handler

const MUTATIONS = new Set<Method>(["POST", "PUT", "PATCH"]);
const cases: Case[] = [
  ...MERCHANT_ROUTES.filter((r) => MUTATIONS.has(r.method)).map((r) => ({ method: r.method, path: r.path, token: "user" as const, setup: r.setup })),
  ...NOT_MERCHANT_SCOPED.filter((r) => MUTATIONS.has(r.method) && !r.path.includes(":...path") && !SKIPPED.has(`${r.method} ${r.path}`)).map((r) => {
    const known = OTHER_BODIES[`${r.method} ${r.path}`];
    if (!known) throw new Error(`hostile-input.test.ts: give ${r.method} ${r.path} a valid body in OTHER_BODIES`);
    return { method: r.method, path: r.path, ...known };
  }),
];

/** The route's options as written: whether it declares a body schema, and its body limit. */
function routeOptions(route: Case) {
  const text = readFileSync(path.join(ROOT, routeFile(route.path)), "utf8");
  const start = text.indexOf(`export const ${route.method}`);
  const options = text.slice(start, text.indexOf("async", start));
  const limit = /bodyLimit: (\d+) \* 1024/.exec(options);
  return {
    takesBody: /\b(body: \w|rawBody: true)/.test(options),
    signed: options.includes("rawBody: true"),
    limit: limit ? Number(limit[1]) * 1024 : 64 * 1024,
  };
}

const COUNTED = [
  "user",
  "merchant",
  "membership",
  "invitation",
  "apiKey",
  "transaction",
  "processorEvent",
  "paymentLink",
  "invoice",
  "invoiceLineItem",
  "webhookEndpoint",
  "event",
  "webhookDelivery",
  "passwordResetToken",
  "storedEmail",
  "idempotencyKey",
  "auditLog",
  "settlementAccount",
  "processorSubaccount",
  "payout",
] as const;
async function counts(): Promise<Record<string, number>> {
  const entries = await Promise.all(COUNTED.map(async (model) => [model, await (db[model] as unknown as { count(): Promise<number> }).count()] as const));
  return Object.fromEntries(entries);
}

/** Replaces every value under a key named `key` (at any depth) with `value`. */
function replaceKey(body: unknown, key: string, value: unknown): unknown {
  if (Array.isArray(body)) return body.map((item) => replaceKey(item, key, value));
  if (typeof body !== "object" || body === null) return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, k === key ? value : replaceKey(v, key, value)]));
}
/** Every string (at any depth) becomes `f(string)`. */
function mapStrings(body: unknown, f: (s: string) => string): unknown {
  if (typeof body === "string") return f(body);
  if (Array.isArray(body)) return body.map((item) => mapStrings(item, f));
  if (typeof body !== "object" || body === null) return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, mapStrings(v, f)]));
}
/** Wrong types: strings become numbers, numbers strings, booleans strings, arrays objects, objects strings. */
function wrongTypes(body: Record<string, unknown>): Record<string, unknown> {
  const wrong = (v: unknown) =>
    typeof v === "string" ? 12345 : typeof v === "number" ? "12345" : typeof v === "boolean" ? "yes" : Array.isArray(v) ? { 0: v[0] } : "object";
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, wrong(v)]));
}
const hasKey = (body: unknown, key: string): boolean => JSON.stringify(body ?? {}).includes(`"${key}":`);

type Hostile = { name: string; body: string; want?: number; refused?: boolean };
function hostileBodies(valid: Record<string, unknown>): Hostile[] {
  const json = (value: unknown) => JSON.stringify(value);
  const list: Hostile[] = [
    { name: "invalid JSON", body: '{"title": "unterminated', want: 400 },
    { name: "an array", body: json([valid]), want: 400 },
    { name: "null", body: "null", want: 400 },
    { name: "a number", body: "42", want: 400 },
    { name: "a string", body: json("hello"), want: 400 },
    ...(json(valid).includes('":"') ? [{ name: "a NUL in every string", body: json(mapStrings(valid, (s) => `${s}\u0000`)), want: 400 }] : []),
    { name: "a NUL in a key", body: json({ ...valid, "bad\u0000key": "x" }), want: 400 },
    // Issue 23, finding 6: lone surrogates (PostgreSQL refuses them in jsonb) and nesting deep enough to
    // overflow a recursive walk, all well under the body limit.
    ...(json(valid).includes('":"') ? [{ name: "a lone surrogate in every string", body: json(mapStrings(valid, (s) => `${s}\ud800`)), want: 400 }] : []),
    { name: "a lone surrogate in a key", body: json({ ...valid, "\udc00": 1 }), want: 400 },
    { name: "metadata keyed by a lone surrogate", body: json({ ...valid, metadata: { "\ud800": 1 } }), want: 400 },
    { name: "nested 65 deep", body: `{"deep":${"[".repeat(65)}${"]".repeat(65)}}`, want: 400 },
    { name: "nested 30,000 deep", body: `{"deep":${"[".repeat(30_000)}${"]".repeat(30_000)}}`, want: 400 },
    { name: "objects nested 10,000 deep", body: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`, want: 400 },
    { name: "control characters and unicode in every string", body: json(mapStrings(valid, (s) => `${s}\u0007\u001b[31m\u202e Ọ̀ṣọ́ 😀`)) },
    { name: "SQL in every string", body: json(mapStrings(valid, (s) => `${s}'; DROP TABLE "User"; --`)) },
    { name: "HTML in every string", body: json(mapStrings(valid, (s) => `${s}<script>alert(1)</script><img src=x onerror=alert(1)>`)) },
    { name: "a prototype key", body: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}' },
    { name: "missing every field", body: "{}" },
  ];
  if (Object.keys(valid).length > 0) {
    list.push({ name: "wrong types", body: json(wrongTypes(valid)), refused: true });
    const [firstKey] = Object.keys(valid);
    // The last duplicate wins in JSON.parse: it is the one validated, and here it is the wrong type.
    list.push({ name: "a duplicate key (last one wrong)", body: `${json(valid).slice(0, -1)}, ${json(firstKey)}: {"nested": [1, 2, 3]}}`, want: 400 });
  }
  for (const key of ["amount", "quantity"]) {
    if (!hasKey(valid, key)) continue;
    // Quantities may be fractional (2.5 hours); amounts are whole kobo.
    const bad = [
      ["negative", -5000],
      ["zero", 0],
      ["a string", "5000"],
      ["huge", 1e20],
      ...(key === "amount" ? [["fractional", 5000.5] as const] : []),
    ] as const;
    for (const [label, value] of bad) {
      list.push({ name: `${label} ${key}`, body: json(replaceKey(valid, key, value)), want: 400 });
    }
    // Beyond 2^53: JSON numbers JavaScript cannot hold exactly.
    list.push({ name: `${key} over 2^53`, body: json(replaceKey(valid, key, 0)).replace(`"${key}":0`, `"${key}":9007199254740993`), want: 400 });
  }
  return list;
}

let fixture: Fixture;
let userToken: string;
let forwarded = 0;

beforeAll(async () => {
  const owner = await createMerchantOwner();
  const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
  fixture = { merchantId: owner.merchant.id, transactionId: started.body.transactionId };
  userToken = owner.token;
});

async function send(route: Case, request: Request, body: string): Promise<CallResult> {
  const handlers = (await import(path.join(ROOT, routeFile(route.path)))) as Record<string, Parameters<typeof call>[0]>;
  const params: Record<string, string> = { merchantId: fixture.merchantId, ...request.params };
  // A route that takes its merchant from the query (POST /api/events/trigger) gets the fixture's query too.
  const url = route.path.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? name) + (request.query ?? "");
  // A fresh address per request: the per-address limits have their own tests.
  const headers = {
    origin: "http://localhost:3000",
    "content-type": "application/json",
    "x-forwarded-for": `198.18.${Math.floor(++forwarded / 250)}.${forwarded % 250}`,
  };
  return call(handlers[route.method]!, { method: route.method, path: url, params, body, token: route.token === "none" ? undefined : userToken, headers });
}

describe("hostile bodies", () => {
  it("covers every POST, PUT and PATCH route", () => {
    expect(cases.length).toBeGreaterThan(25);
  });

  for (const route of cases) {
    it(`${route.method} ${route.path}`, async () => {
      const request = (await route.setup?.(fixture)) ?? {};
      const { takesBody, signed, limit } = routeOptions(route);
      const oversized = JSON.stringify({ ...(request.body as object), padding: "x".repeat(limit + 1024) });
      const before = await counts();
      const big = await send(route, request, oversized);
      expect(big.status, `oversized → ${big.text.slice(0, 100)}`).toBe(413);
      expect(await counts(), "oversized: nothing stored").toEqual(before);
      if (!takesBody) return;

      for (const hostile of hostileBodies((request.body ?? {}) as Record<string, unknown>)) {
        const fresh = (await route.setup?.(fixture)) ?? {};
        const start = await counts();
        const res = await send(route, fresh, hostile.body);
        const label = `${hostile.name} → ${res.status} ${res.text.slice(0, 160)}`;
        expect(res.status, label).toBeLessThan(500);
        // Processor webhooks check the signature over the raw bytes before reading anything: 401.
        if (signed) expect(res.status, label).toBe(401);
        else if (hostile.want) expect(res.status, label).toBe(hostile.want);
        if (hostile.refused) expect(res.status, label).toBeGreaterThanOrEqual(400);
        if (res.status >= 400) expect(await counts(), `${hostile.name}: refused, yet something was stored`).toEqual(start);
        expect(res.headers.get("content-type") ?? "", label).toContain("application/json");
      }
    });
  }
});
