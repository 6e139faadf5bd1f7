// Test secret keys can be shown again (POST …/api-keys/reveal), as Paystack shows test keys; live secret
// keys are shown only when created or rolled. Hashes still authenticate; the sealed copy only shows.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { log } from "@/lib/log";
import * as revealRoute from "@/app/api/merchants/[merchantId]/api-keys/reveal/route";
import * as keysRoute from "@/app/api/merchants/[merchantId]/api-keys/route";
import * as rollRoute from "@/app/api/merchants/[merchantId]/api-keys/roll/route";
import * as listRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as auditRoute from "@/app/api/merchants/[merchantId]/audit-logs/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner } from "../helpers/factories";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const at = (owner: Owner, sub: string) => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });
const reveal = (owner: Owner, token: string, environment = "test") =>
  call(revealRoute.POST, { ...at(owner, "/api-keys/reveal"), token, body: { environment } });
const keysOf = async (owner: Owner) =>
  (await call(keysRoute.GET, { ...at(owner, "/api-keys"), token: owner.token })).body.keys as Array<Record<string, unknown>>;

/** Every line logged while the test runs, as text: a secret must never be in one. */
function logged(): () => string {
  const spies = (["debug", "info", "warn", "error"] as const).map((level) => vi.spyOn(log, level));
  return () => JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
}
afterEach(() => vi.restoreAllMocks());

describe("test secret keys, shown again", () => {
  it("shows the owner the test secret as often as asked, sealed at rest, each time audited, never logged", async () => {
    const logs = logged();
    const owner = await createMerchantOwner();
    const row = await db.apiKey.findFirstOrThrow({ where: { merchantId: owner.merchant.id, environment: "test" } });
    expect(row.secretKeySealed).toMatch(/^v1\./);
    expect(row.secretKeySealed).not.toContain(owner.secretKey);
    expect(await keysOf(owner)).toEqual([expect.objectContaining({ environment: "test", secretKeyViewable: true })]);

    for (let i = 0; i < 2; i++) {
      const shown = await reveal(owner, owner.token);
      expect(shown.status).toBe(200);
      expect(shown.body.key).toMatchObject({
        environment: "test",
        publicKey: row.publicKey,
        secretKey: owner.secretKey,
        secretKeyPreview: `sk_test_…${owner.secretKey.slice(-4)}`,
        secretKeyViewable: true,
      });
      expect(shown.body.key).not.toHaveProperty("secretKeySealed");
      expect(shown.headers.get("cache-control")).toContain("no-store");
    }
    // The shown key is the one that authenticates (by its hash), and it is still sealed.
    expect((await call(listRoute.GET, { ...at(owner, "/transactions"), token: owner.secretKey })).status).toBe(200);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: row.id } })).secretKeySealed).toBe(row.secretKeySealed);

    const audit = await call(auditRoute.GET, { ...at(owner, "/audit-logs"), token: owner.token });
    const reveals = audit.body.data.filter((e: { action: string }) => e.action === "api_key.revealed");
    expect(reveals).toHaveLength(2);
    expect(reveals[0]).toMatchObject({ targetType: "api_key", targetId: row.id, metadata: { environment: "test", publicKey: row.publicKey } });
    expect(audit.text).not.toContain(owner.secretKey);
    expect(logs()).not.toContain(owner.secretKey);
  });

  it("never shows a live secret key again: only the create or roll answer had it", async () => {
    const owner = await createMerchantOwner();
    const live = await createApiKey(db, owner.merchant.id, "live");
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: live.id } });
    expect(row.secretKeySealed).toBeNull();
    expect(JSON.stringify(row)).not.toContain(live.secretKey);
    expect((await keysOf(owner)).find((k) => k.environment === "live")).toMatchObject({ secretKeyViewable: false });

    const refused = await reveal(owner, owner.token, "live");
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("Live secret keys are shown only when created or rolled; roll the live secret key to get a new one");
    expect(refused.text).not.toContain(live.secretKey);
    expect((await reveal(owner, owner.token, "prod")).status).toBe(400);
  });

  it("is for owners and admins only, never with a secret key, and never for another merchant", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    const developer = await createMember(owner.merchant.id, "DEVELOPER");
    const viewer = await createMember(owner.merchant.id, "VIEWER");
    expect((await reveal(owner, developer.token)).status).toBe(403);
    expect((await reveal(owner, viewer.token)).status).toBe(403);
    expect((await reveal(owner, owner.secretKey)).status).toBe(401);
    const theirs = await reveal(owner, stranger.token);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain(owner.secretKey);
    // The stranger's own reveal shows their key, not this one.
    const own = await call(revealRoute.POST, { ...at(stranger, "/api-keys/reveal"), token: stranger.token, body: { environment: "test" } });
    expect(own.body.key.secretKey).toBe(stranger.secretKey);
    const admin = await createMember(owner.merchant.id, "ADMIN");
    const byAdmin = await reveal(owner, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.key.secretKey).toBe(owner.secretKey);
  });

  it("shows the rolled key after a roll, never the old one", async () => {
    const owner = await createMerchantOwner();
    const rolled = await call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: owner.token, body: { environment: "test" } });
    expect(rolled.status).toBe(200);
    expect(rolled.body.key.secretKeyViewable).toBe(true);
    const shown = await reveal(owner, owner.token);
    expect(shown.body.key.secretKey).toBe(rolled.body.key.secretKey);
    expect(shown.body.key.secretKey).not.toBe(owner.secretKey);
    expect(await db.apiKey.count({ where: { merchantId: owner.merchant.id, revokedAt: { not: null }, secretKeySealed: { not: null } } })).toBe(0);
  });

  it("says a test key stored only as a hash can't be shown, until it is rolled", async () => {
    const owner = await createMerchantOwner();
    await db.apiKey.updateMany({ where: { merchantId: owner.merchant.id, environment: "test" }, data: { secretKeySealed: null } });
    expect(await keysOf(owner)).toEqual([expect.objectContaining({ environment: "test", secretKeyViewable: false })]);
    const refused = await reveal(owner, owner.token);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("This test secret key is stored only as a hash and can't be shown; roll it to get one you can see");
    expect((await call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: owner.token, body: { environment: "test" } })).status).toBe(200);
    expect((await reveal(owner, owner.token)).status).toBe(200);
  });

  it("does not open a sealed secret moved to another key, and empties the slot", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    const theirs = await db.apiKey.findFirstOrThrow({ where: { merchantId: other.merchant.id, environment: "test" } });
    // Another key's sealed secret copied into this merchant's row is bound to that other row: it does not open.
    await db.apiKey.updateMany({ where: { merchantId: owner.merchant.id, environment: "test" }, data: { secretKeySealed: theirs.secretKeySealed } });
    const moved = await reveal(owner, owner.token);
    expect(moved.status).toBe(404);
    expect(moved.text).not.toContain(other.secretKey);
    expect((await db.apiKey.findFirstOrThrow({ where: { merchantId: owner.merchant.id, environment: "test" } })).secretKeySealed).toBeNull();
  });
});
