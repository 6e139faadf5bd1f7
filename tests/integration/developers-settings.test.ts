import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { db } from "@/lib/db/client";
import { flushApiRequestLogs, pruneApiRequestLog } from "@/lib/api/request-log";
import * as keysRoute from "@/app/api/merchants/[merchantId]/api-keys/route";
import * as rollRoute from "@/app/api/merchants/[merchantId]/api-keys/roll/route";
import * as environmentRoute from "@/app/api/merchants/[merchantId]/environment/route";
import * as requestsRoute from "@/app/api/merchants/[merchantId]/api-requests/route";
import * as listRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as merchantRoute from "@/app/api/merchants/[merchantId]/route";
import * as accountRoute from "@/app/api/account/route";
import * as passwordRoute from "@/app/api/account/password/route";
import * as signOutOthersRoute from "@/app/api/account/sign-out-others/route";
import * as meRoute from "@/app/api/merchants/me/route";
import * as loginRoute from "@/app/api/auth/login/route";
import { call } from "../helpers/api";
import { createMerchantOwner, readyForLive, viewOf } from "../helpers/factories";
import { clearLiveProcessor, configureLiveProcessor } from "../helpers/live-processor";
import { insertTransaction } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const at = (owner: Owner, sub = "") => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });
const listTransactions = (owner: Owner, token: string) => call(listRoute.GET, { ...at(owner, "/transactions"), token });

describe("API keys", () => {
  it("lists the active keys without secrets, and a roll shows the new secret once while the old one stops working", async () => {
    const owner = await createMerchantOwner();
    const listed = await call(keysRoute.GET, { ...at(owner, "/api-keys"), token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.keys).toHaveLength(1);
    expect(listed.body.keys[0]).toMatchObject({
      environment: "test",
      publicKey: expect.stringMatching(/^pk_test_/),
      secretKeyPreview: `sk_test_…${owner.secretKey.slice(-4)}`,
    });
    expect(listed.text).not.toContain(owner.secretKey);
    expect(listed.text).not.toMatch(/secretKeyHash/);

    expect((await listTransactions(owner, owner.secretKey)).status).toBe(200);
    const rolled = await call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: owner.token, body: { environment: "test" } });
    expect(rolled.status).toBe(200);
    const newSecret: string = rolled.body.key.secretKey;
    expect(newSecret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(rolled.body.key.publicKey).not.toBe(listed.body.keys[0].publicKey);

    // The old secret answers 401 at once; the new one works; listing never shows the secret again.
    expect((await listTransactions(owner, owner.secretKey)).status).toBe(401);
    expect((await listTransactions(owner, newSecret)).status).toBe(200);
    const after = await call(keysRoute.GET, { ...at(owner, "/api-keys"), token: owner.token });
    expect(after.body.keys).toHaveLength(1);
    expect(after.text).not.toContain(newSecret);
  });

  it("creates live keys once (409 after), refuses to roll keys that do not exist, and validates the mode", async () => {
    const owner = await createMerchantOwner();
    await readyForLive(owner.merchant.id);
    expect((await call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: owner.token, body: { environment: "live" } })).status).toBe(404);
    const created = await call(keysRoute.POST, { ...at(owner, "/api-keys"), token: owner.token, body: { environment: "live" } });
    expect(created.status).toBe(201);
    expect(created.body.key.secretKey).toMatch(/^sk_live_/);
    expect((await call(keysRoute.POST, { ...at(owner, "/api-keys"), token: owner.token, body: { environment: "live" } })).status).toBe(409);
    const bad = await call(keysRoute.POST, { ...at(owner, "/api-keys"), token: owner.token, body: { environment: "prod" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: "environment", message: "environment must be test or live" });
  });

  it("concurrent rolls leave exactly one active key", async () => {
    const owner = await createMerchantOwner();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: owner.token, body: { environment: "test" } })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await db.apiKey.count({ where: { merchantId: owner.merchant.id, environment: "test", revokedAt: null } })).toBe(1);
  });

  it("is not for secret keys, viewers, or other merchants", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    const viewer = await createMerchantOwner();
    await db.membership.create({ data: { userId: viewer.user.id, merchantId: owner.merchant.id, role: "VIEWER" } });
    expect((await call(keysRoute.GET, { ...at(owner, "/api-keys"), token: owner.secretKey })).status).toBe(401);
    expect((await call(keysRoute.GET, { ...at(owner, "/api-keys"), token: viewer.token })).status).toBe(403);
    expect((await call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: stranger.token, body: { environment: "test" } })).status).toBe(404);
  });
});

describe("test/live mode", () => {
  it("switches the merchant's mode, and the lists follow it", async () => {
    const owner = await createMerchantOwner();
    await insertTransaction({
      merchantId: owner.merchant.id,
      reference: `T-${Date.now()}`,
      amount: 10_000n,
      customerEmail: "a@example.com",
    });
    expect((await listTransactions(owner, owner.token)).body.data).toHaveLength(1);

    // Ready for live (tests/integration/going-live.test.ts covers the checklist itself).
    await db.merchant.update({
      where: { id: owner.merchant.id },
      data: {
        supportEmail: "help@example.com",
        supportPhone: "+2348012345678",
        settlementAccount: { create: { bankCode: "058", bankName: "GTBank", accountNumber: "0123456789", accountName: "ADA OBI" } },
      },
    });
    await db.user.update({ where: { id: owner.user.id }, data: { twoFactorEnabledAt: new Date() } });
    configureLiveProcessor(); // the platform's step (tests/integration/live-processor.test.ts)
    const live = await call(environmentRoute.PUT, { method: "PUT", ...at(owner, "/environment"), token: owner.token, body: { environment: "live" } }).finally(
      clearLiveProcessor,
    );
    expect(live.status).toBe(200);
    expect(live.body.merchant.environment).toBe("live");
    expect((await listTransactions(owner, owner.token)).body.data).toHaveLength(0);
    // A secret key keeps its own mode whatever the dashboard shows.
    expect((await listTransactions(owner, owner.secretKey)).body.data).toHaveLength(1);

    const bad = await call(environmentRoute.PUT, { method: "PUT", ...at(owner, "/environment"), token: owner.token, body: { environment: "staging" } });
    expect(bad.status).toBe(400);
    expect(await viewOf(owner.merchant.id, owner.user.id)).toBe("live");
  });
});

describe("API request log", () => {
  it("records requests made with a secret key or a login token, in their mode, but not dashboard-session calls", async () => {
    const owner = await createMerchantOwner();
    await listTransactions(owner, owner.secretKey);
    await call(listRoute.GET, { ...at(owner, "/transactions"), path: `/api/merchants/${owner.merchant.id}/transactions?status=NOPE`, token: owner.token });
    await flushApiRequestLogs();

    const res = await call(requestsRoute.GET, { ...at(owner, "/api-requests"), token: owner.token });
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<{ method: string; path: string; statusCode: number; durationMs: number; requestId: string }>;
    expect(rows.map((r) => [r.method, r.path, r.statusCode])).toEqual([
      ["GET", `/api/merchants/${owner.merchant.id}/transactions`, 400],
      ["GET", `/api/merchants/${owner.merchant.id}/transactions`, 200],
    ]);
    expect(rows[0]!.requestId).toMatch(/^req_/);
    expect(rows.every((r) => r.durationMs >= 0)).toBe(true);
    // The key's last use is recorded too.
    expect((await db.apiKey.findFirstOrThrow({ where: { merchantId: owner.merchant.id } })).lastUsedAt).not.toBeNull();
  });

  it("keeps 30 days: the daily prune deletes older rows and leaves the rest", async () => {
    const owner = await createMerchantOwner();
    const now = new Date("2026-11-23T12:00:00Z");
    const row = (daysAgo: number, path: string) => ({
      merchantId: owner.merchant.id,
      environment: "test" as const,
      method: "GET",
      path,
      statusCode: 200,
      durationMs: 1,
      requestId: `req_prune_${daysAgo}`,
      createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
    });
    await db.apiRequestLog.createMany({ data: [row(31, "/old"), row(30.5, "/older-than-30"), row(29, "/recent"), row(0, "/today")] });
    expect(await pruneApiRequestLog(now)).toBeGreaterThanOrEqual(2);
    const left = await db.apiRequestLog.findMany({ where: { merchantId: owner.merchant.id }, select: { path: true }, orderBy: { createdAt: "asc" } });
    expect(left.map((r) => r.path)).toEqual(["/recent", "/today"]);
  });
});

describe("settings: business profile", () => {
  it("validates branding fields and changes nothing on a bad request", async () => {
    const owner = await createMerchantOwner();
    const put = (body: unknown) => call(merchantRoute.PUT, { method: "PUT", ...at(owner), token: owner.token, body });
    const bad = await put({ brandColor: "red", logoUrl: "http://example.com/logo.png", supportEmail: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["brandColor", "logoUrl", "supportEmail"]);
    const ok = await put({ brandColor: "#B45309", logoUrl: "https://example.com/logo.png", supportPhone: "+234 803 123 4567", website: null });
    expect(ok.status).toBe(200);
    expect(ok.body.merchant).toMatchObject({ brandColor: "#B45309", logoUrl: "https://example.com/logo.png", website: null });
  });
});

describe("settings: account", () => {
  it("updates the name, and refuses unknown fields and blanks", async () => {
    const owner = await createMerchantOwner();
    const ok = await call(accountRoute.PATCH, { method: "PATCH", path: "/api/account", token: owner.token, body: { firstName: "Adaeze" } });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ firstName: "Adaeze", lastName: "Obi" });
    expect(ok.text).not.toMatch(/passwordHash|sessionVersion/);
    expect((await call(accountRoute.PATCH, { method: "PATCH", path: "/api/account", token: owner.token, body: { email: "x@example.com" } })).status).toBe(400);
    expect((await call(accountRoute.PATCH, { method: "PATCH", path: "/api/account", token: owner.token, body: { lastName: "  " } })).status).toBe(400);
  });

  it("changes the password only with the current one, signs out other sessions and keeps this one", async () => {
    const owner = await createMerchantOwner();
    const other = owner.token;
    const wrong = await call(passwordRoute.POST, {
      path: "/api/account/password",
      token: owner.token,
      body: { currentPassword: "wrong-password", newPassword: "a-new-password-1" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "currentPassword", message: "Your current password is not correct" }]);
    expect(
      (
        await call(passwordRoute.POST, {
          path: "/api/account/password",
          token: owner.token,
          body: { currentPassword: owner.input.password, newPassword: "short" },
        })
      ).status,
    ).toBe(400);

    const changed = await call(passwordRoute.POST, {
      path: "/api/account/password",
      token: owner.token,
      body: { currentPassword: owner.input.password, newPassword: "a-new-password-1" },
    });
    expect(changed.status).toBe(200);
    expect((await call(meRoute.GET, { path: "/api/merchants/me", token: other })).status).toBe(401);
    expect((await call(meRoute.GET, { path: "/api/merchants/me", token: changed.body.token })).status).toBe(200);

    const login = (password: string) => call(loginRoute.POST, { path: "/api/auth/login", body: { email: owner.input.email, password } });
    expect((await login(owner.input.password)).status).toBe(401);
    expect((await login("a-new-password-1")).status).toBe(200);
  });

  it("signs out other sessions: older tokens and cookies stop working, the calling dashboard session gets a refreshed cookie", async () => {
    const owner = await createMerchantOwner();
    const secret = process.env.AUTH_SECRET!;
    const cookieFor = async (sv: number) => `next-auth.session-token=${await encode({ token: { sub: owner.user.id, sv }, secret })}`;
    const sameOrigin = { host: "localhost:3000", origin: "http://localhost:3000" };
    const otherCookie = await cookieFor(0);

    const res = await call(signOutOthersRoute.POST, { path: "/api/account/sign-out-others", headers: { ...sameOrigin, cookie: await cookieFor(0) }, body: {} });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^next-auth\.session-token=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const refreshed = setCookie.split(";")[0]!;

    expect((await call(meRoute.GET, { path: "/api/merchants/me", headers: { cookie: refreshed } })).status).toBe(200);
    expect((await call(meRoute.GET, { path: "/api/merchants/me", headers: { cookie: otherCookie } })).status).toBe(401);
    expect((await call(meRoute.GET, { path: "/api/merchants/me", token: owner.token })).status).toBe(401);

    // With a login token: the answer carries a new token, the old one is dead.
    const jwtCaller = await createMerchantOwner();
    const viaJwt = await call(signOutOthersRoute.POST, { path: "/api/account/sign-out-others", token: jwtCaller.token, body: {} });
    expect(viaJwt.status).toBe(200);
    expect((await call(meRoute.GET, { path: "/api/merchants/me", token: viaJwt.body.token })).status).toBe(200);
    expect((await call(meRoute.GET, { path: "/api/merchants/me", token: jwtCaller.token })).status).toBe(401);
  });
});
