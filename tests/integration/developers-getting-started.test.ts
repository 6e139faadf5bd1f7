// Getting started from the dashboard: sign-up's first test secret is kept sealed and revealed once
// (POST …/api-keys/reveal, which the Developers page calls on the first visit).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hasSecretToReveal } from "@/lib/auth/api-keys";
import * as revealRoute from "@/app/api/merchants/[merchantId]/api-keys/reveal/route";
import * as rollRoute from "@/app/api/merchants/[merchantId]/api-keys/roll/route";
import * as listRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as auditRoute from "@/app/api/merchants/[merchantId]/audit-logs/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner } from "../helpers/factories";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const at = (owner: Owner, sub: string) => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });
const reveal = (owner: Owner, token: string, environment = "test") =>
  call(revealRoute.POST, { ...at(owner, "/api-keys/reveal"), token, body: { environment } });

describe("the first secret key, revealed once", () => {
  it("gives the owner sign-up's test secret once, sealed at rest until then, and then 404", async () => {
    const owner = await createMerchantOwner();
    const row = await db.apiKey.findFirstOrThrow({ where: { merchantId: owner.merchant.id, environment: "test" } });
    expect(row.secretKeySealed).toMatch(/^v1\./);
    expect(row.secretKeySealed).not.toContain(owner.secretKey);
    expect(await hasSecretToReveal({ merchantId: owner.merchant.id, environment: "test" })).toBe(true);

    const first = await reveal(owner, owner.token);
    expect(first.status).toBe(200);
    expect(first.body.key).toMatchObject({
      environment: "test",
      publicKey: row.publicKey,
      secretKey: owner.secretKey,
      secretKeyPreview: `sk_test_…${owner.secretKey.slice(-4)}`,
    });
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect((await call(listRoute.GET, { ...at(owner, "/transactions"), token: first.body.key.secretKey })).status).toBe(200);

    expect(await hasSecretToReveal({ merchantId: owner.merchant.id, environment: "test" })).toBe(false);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: row.id } })).secretKeySealed).toBeNull();
    const again = await reveal(owner, owner.token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("The test secret key has already been shown; roll it to get a new one");
    expect(again.text).not.toContain(owner.secretKey);

    // Audited without the secret.
    const audit = await call(auditRoute.GET, { ...at(owner, "/audit-logs"), token: owner.token });
    const entry = audit.body.data.find((e: { action: string }) => e.action === "api_key.revealed");
    expect(entry).toMatchObject({ targetType: "api_key", targetId: row.id, metadata: { environment: "test", publicKey: row.publicKey } });
    expect(audit.text).not.toContain(owner.secretKey);
  });

  it("reveals to one of many concurrent callers only", async () => {
    const owner = await createMerchantOwner();
    const results = await Promise.all(Array.from({ length: 8 }, () => reveal(owner, owner.token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
  });

  it("is for owners and admins only, never a secret key, and never another merchant", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    const developer = await createMember(owner.merchant.id, "DEVELOPER");
    expect((await reveal(owner, developer.token)).status).toBe(403);
    expect((await reveal(owner, owner.secretKey)).status).toBe(401);
    expect((await reveal(owner, stranger.token)).status).toBe(404);
    // None of those used it up.
    const admin = await createMember(owner.merchant.id, "ADMIN");
    const revealed = await reveal(owner, admin.token);
    expect(revealed.status).toBe(200);
    expect(revealed.body.key.secretKey).toBe(owner.secretKey);
  });

  it("is gone once the key is rolled, and a live mode that has nothing sealed answers 404", async () => {
    const owner = await createMerchantOwner();
    expect((await call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: owner.token, body: { environment: "test" } })).status).toBe(200);
    expect(await db.apiKey.count({ where: { merchantId: owner.merchant.id, secretKeySealed: { not: null } } })).toBe(0);
    expect((await reveal(owner, owner.token)).status).toBe(404);
    expect((await reveal(owner, owner.token, "live")).status).toBe(404);
    expect((await reveal(owner, owner.token, "prod")).status).toBe(400);
  });

  it("does not open a sealed secret that was altered or moved to another key, and empties the slot", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    const theirs = await db.apiKey.findFirstOrThrow({ where: { merchantId: other.merchant.id, environment: "test" } });
    // Another key's sealed secret copied into this merchant's row is bound to that other row: it does not open.
    await db.apiKey.updateMany({ where: { merchantId: owner.merchant.id, environment: "test" }, data: { secretKeySealed: theirs.secretKeySealed } });
    const moved = await reveal(owner, owner.token);
    expect(moved.status).toBe(404);
    expect(moved.text).not.toContain(other.secretKey);
    expect(await hasSecretToReveal({ merchantId: owner.merchant.id, environment: "test" })).toBe(false);
  });
});
