// Every authenticated route against every bad credential: none, an expired, tampered, unsigned or
// foreign-signed JWT, a revoked key (default or restricted), another merchant's key; and the test/live split: a key sees only
// its own mode's data.
import path from "node:path";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { call, type CallResult } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { insertLiveCopy } from "../helpers/rows";
import { MERCHANT_ROUTES, routeFile, type Fixture, type Method, type MerchantRoute } from "../helpers/route-permissions";
import * as txRoute from "@/app/api/merchants/[merchantId]/transactions/[transactionId]/route";
import * as txListRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as verifyRoute from "@/app/api/transactions/[transactionId]/verify/route";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";

const ROOT = path.resolve(import.meta.dirname, "../..");
type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

/** Authenticated routes outside the merchant table (the caller's own account). */
const ACCOUNT_ROUTES: { method: Method; path: string; auth: "user" }[] = [
  { method: "GET", path: "/api/account", auth: "user" },
  { method: "PATCH", path: "/api/account", auth: "user" },
  { method: "POST", path: "/api/account/password", auth: "user" },
  { method: "POST", path: "/api/account/sign-out-others", auth: "user" },
  { method: "GET", path: "/api/account/two-factor", auth: "user" },
  { method: "POST", path: "/api/account/two-factor/setup", auth: "user" },
  { method: "POST", path: "/api/account/two-factor/confirm", auth: "user" },
  { method: "POST", path: "/api/account/two-factor/disable", auth: "user" },
  { method: "POST", path: "/api/account/two-factor/recovery-codes", auth: "user" },
  { method: "GET", path: "/api/merchants/me", auth: "user" },
];

const secret = () => new TextEncoder().encode(process.env.AUTH_SECRET);
function jwt(userId: string, options: { expired?: boolean; key?: Uint8Array } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sv: 0 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer("paylink")
    .setAudience("paylink-api")
    .setIssuedAt(options.expired ? now - 90_000 : now)
    .setExpirationTime(options.expired ? now - 3_600 : now + 3_600)
    .sign(options.key ?? secret());
}
/** A valid token whose payload is changed (another user id), keeping the old signature. */
function tampered(token: string, userId: string) {
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, sub: userId })).toString("base64url"), signature].join(".");
}
function unsigned(userId: string) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: "none", typ: "JWT" })}.${part({ sub: userId, sv: 0, iss: "paylink", aud: "paylink-api", iat: now, exp: now + 3600 })}.`;
}

let owner: Owner;
let stranger: Owner;
let fixture: Fixture;
const bad = new Map<string, string | undefined>();

beforeAll(async () => {
  owner = await createMerchantOwner();
  stranger = await createMerchantOwner();
  const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
  fixture = { merchantId: owner.merchant.id, transactionId: started.body.transactionId };
  const { id: revokedId, secretKey: revoked } = await createApiKey(db, owner.merchant.id, "live");
  const restricted = await createApiKey(db, owner.merchant.id, "test", { name: "Revoked", permissions: ["merchant:read", "payments:read"] });
  await db.apiKey.updateMany({ where: { id: { in: [revokedId, restricted.id] } }, data: { revokedAt: new Date() } });
  bad
    .set("no credentials", undefined)
    .set("an expired JWT", await jwt(owner.user.id, { expired: true }))
    .set("a tampered JWT", tampered(owner.token, stranger.user.id))
    .set("a JWT signed with another secret", await jwt(owner.user.id, { key: new TextEncoder().encode("another-secret-that-is-long-enough-0123456789") }))
    .set('an "alg: none" JWT', unsigned(owner.user.id))
    .set("a revoked key", revoked)
    .set("a revoked restricted key", restricted.secretKey)
    .set("a made-up key", `sk_test_${"0".repeat(40)}`)
    .set("garbage", "not a token at all");
});

async function run(route: { method: Method; path: string; setup?: MerchantRoute["setup"] }, token: string | undefined): Promise<CallResult> {
  const handlers = (await import(path.join(ROOT, routeFile(route.path)))) as Record<string, Parameters<typeof call>[0]>;
  const request = (await route.setup?.(fixture)) ?? {};
  const params: Record<string, string> = { merchantId: fixture.merchantId, ...request.params };
  const url = route.path.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? name) + (request.query ?? "");
  return call(handlers[route.method]!, {
    method: route.method,
    path: url,
    params,
    body: request.body ?? (route.method === "GET" || route.method === "DELETE" ? undefined : {}),
    token,
    headers: { origin: "http://localhost:3000" },
  });
}

describe("bad credentials answer 401 on every authenticated route", () => {
  for (const route of [...MERCHANT_ROUTES, ...ACCOUNT_ROUTES]) {
    it(`${route.method} ${route.path}`, async () => {
      for (const [label, token] of bad) {
        const res = await run(route, token);
        expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 100)}`).toBe(401);
        expect(res.body.message, label).toEqual(expect.any(String));
      }
    });
  }
});

describe("another merchant's secret key", () => {
  for (const route of MERCHANT_ROUTES) {
    // Key routes answer like a missing merchant; user-only routes refuse keys outright.
    const want = route.auth === "userOrKey" ? 404 : 401;
    it(`${route.method} ${route.path} → ${want}`, async () => {
      const res = await run(route, stranger.secretKey);
      expect(res.status, res.text.slice(0, 120)).toBe(want);
    });
  }
});

describe("test and live data are apart", () => {
  let liveKey: string;
  let liveTransactionId: string;

  beforeAll(async () => {
    liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
    liveTransactionId = (await insertLiveCopy(fixture.transactionId)).id;
  });

  const read = (transactionId: string, key: string) =>
    call(txRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/transactions/${transactionId}`,
      params: { merchantId: owner.merchant.id, transactionId },
      token: key,
    });

  it("a live key does not see a test transaction, and a test key does not see a live one", async () => {
    expect((await read(fixture.transactionId, owner.secretKey)).status).toBe(200);
    expect((await read(fixture.transactionId, liveKey)).status).toBe(404);
    expect((await read(liveTransactionId, liveKey)).status).toBe(200);
    expect((await read(liveTransactionId, owner.secretKey)).status).toBe(404);
  });

  it("nor can verify or refund it", async () => {
    const params = { transactionId: fixture.transactionId };
    expect((await call(verifyRoute.GET, { path: `/api/transactions/${fixture.transactionId}/verify`, params, token: liveKey })).status).toBe(404);
    expect((await call(refundRoute.POST, { path: `/api/transactions/${fixture.transactionId}/refund`, params, token: liveKey, body: {} })).status).toBe(404);
    const liveParams = { transactionId: liveTransactionId };
    expect((await call(verifyRoute.GET, { path: `/api/transactions/${liveTransactionId}/verify`, params: liveParams, token: owner.secretKey })).status).toBe(
      404,
    );
  });

  it("lists show only the key's own mode", async () => {
    const list = async (key: string) =>
      (
        (await call(txListRoute.GET, { path: `/api/merchants/${owner.merchant.id}/transactions`, params: { merchantId: owner.merchant.id }, token: key })).body
          .data as { id: string }[]
      ).map((t) => t.id);
    expect(await list(owner.secretKey)).toContain(fixture.transactionId);
    expect(await list(owner.secretKey)).not.toContain(liveTransactionId);
    expect(await list(liveKey)).toEqual([liveTransactionId]);
  });
});
