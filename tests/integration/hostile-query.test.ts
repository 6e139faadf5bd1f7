// Hostile query strings and path ids against every GET and DELETE API route (enumerated from the
// permission table): SQL and HTML, NUL and control characters, right-to-left marks, negative and huge
// numbers, repeated keys, very long values. Every answer is a clear 4xx or a normal answer, never a 5xx.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { MERCHANT_ROUTES, NOT_MERCHANT_SCOPED, requestFor, routeFile, type Fixture, type Method, type Request } from "../helpers/route-permissions";

const ROOT = path.resolve(import.meta.dirname, "../..");
const READS = new Set<Method>(["GET", "DELETE"]);
const SKIPPED = new Set(["GET /api/auth/:...nextauth"]); // next-auth's own handler

type Case = { method: Method; path: string; setup?: (f: Fixture) => Promise<Request> };
const cases: Case[] = [
  ...MERCHANT_ROUTES.filter((r) => READS.has(r.method)),
  ...NOT_MERCHANT_SCOPED.filter((r) => READS.has(r.method) && !r.path.includes(":...") && !SKIPPED.has(`${r.method} ${r.path}`)),
];

const HOSTILE = [
  `'; DROP TABLE "Transaction";--`,
  "<script>alert(1)</script>",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\u202egnp.exe",
  "💸₦",
  "-1",
  "0",
  "1e308",
  "99999999999999999999999999",
  "../../etc/passwd",
  "%",
  "",
  "x".repeat(5000),
];
// Every query parameter name a list or report route reads.
const QUERY_KEYS = [
  "cursor",
  "limit",
  "status",
  "from",
  "to",
  "period",
  "environment",
  "event",
  "q",
  "search",
  "reference",
  "email",
  "paymentLinkId",
  "endpointId",
];

let fixture: Fixture;
let token: string;

beforeAll(async () => {
  const owner = await createMerchantOwner();
  const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
  fixture = { merchantId: owner.merchant.id, transactionId: started.body.transactionId };
  token = owner.token;
});

async function send(route: Case, given: Record<string, string>, query: string) {
  const handlers = (await import(path.join(ROOT, routeFile(route.path)))) as Record<string, Parameters<typeof call>[0]>;
  // A path parameter the case does not set is its own name, in the path and in the handler's params alike.
  const params = { ...Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, m[1]!])), ...given };
  const url = route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name]!)) + query;
  return call(handlers[route.method]!, { method: route.method, path: url, params, token, headers: { origin: "http://localhost:3000" } });
}

describe("hostile query strings and path ids", () => {
  it("covers every GET and DELETE route", () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  for (const route of cases) {
    it(`${route.method} ${route.path}`, async () => {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const value of HOSTILE) {
        // Every query key at once, then each key repeated with two values.
        const query = `?${new URLSearchParams(QUERY_KEYS.map((key) => [key, value])).toString()}`;
        const request = await requestFor(route, fixture);
        const params: Record<string, string> = { merchantId: fixture.merchantId, ...request.params };
        const res = await send(route, params, query + "&limit=1&limit=2");
        expect(res.status, `query ${JSON.stringify(value.slice(0, 30))} → ${res.status} ${res.text.slice(0, 160)}`).toBeLessThan(500);

        for (const name of names) {
          const fresh = await requestFor(route, fixture);
          const hostileParams: Record<string, string> = { merchantId: fixture.merchantId, ...fresh.params, [name]: value };
          const res = await send(route, hostileParams, "");
          const label = `:${name} = ${JSON.stringify(value.slice(0, 30))} → ${res.status} ${res.text.slice(0, 160)}`;
          expect(res.status, label).toBeLessThan(500);
          // A made-up id never reads or deletes anything that exists.
          if (value !== fresh.params?.[name]) expect(res.status, label).toBeGreaterThanOrEqual(400);
        }
      }
    });
  }
});
