// Issue 13, finding 4: no role may gain, through a secret key it creates or rolls, a power the
// permission table denies it (a DEVELOPER rolled the key and then refunded with it). Creating and
// rolling keys is audited.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { API_KEY_PERMISSIONS, ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import type { MembershipRole } from "@/lib/db/generated/enums";
import * as keysRoute from "@/app/api/merchants/[merchantId]/api-keys/route";
import * as rollRoute from "@/app/api/merchants/[merchantId]/api-keys/roll/route";
import * as auditRoute from "@/app/api/merchants/[merchantId]/audit-logs/route";
import * as webhooksRoute from "@/app/api/merchants/[merchantId]/webhooks/route";
import * as rollSecretRoute from "@/app/api/merchants/[merchantId]/webhooks/[webhookId]/roll-secret/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, readyForLive } from "../helpers/factories";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const ROLES: MembershipRole[] = ["OWNER", "ADMIN", "DEVELOPER", "OPERATIONS", "VIEWER"];
const at = (owner: Owner, sub: string) => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });

let owner: Owner;
const tokens = new Map<MembershipRole, string>();

beforeAll(async () => {
  owner = await createMerchantOwner();
  tokens.set("OWNER", owner.token);
  for (const role of ROLES.slice(1)) tokens.set(role, (await createMember(owner.merchant.id, role)).token);
});

describe("creating and rolling secret keys", () => {
  it("is allowed exactly to the roles that hold every power a secret key has", async () => {
    for (const role of ROLES) {
      const holdsEveryKeyPower = API_KEY_PERMISSIONS.every((p) => ROLE_PERMISSIONS[role].includes(p));
      const res = await call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: tokens.get(role), body: { environment: "test" } });
      expect(res.status, `${role} → ${res.status} ${res.text.slice(0, 120)}`).toBe(holdsEveryKeyPower ? 200 : 403);
    }
  });

  it("refuses a DEVELOPER (who may not refund) both create and roll, while it still sees the key previews", async () => {
    const fresh = await createMerchantOwner();
    const developer = await createMember(fresh.merchant.id, "DEVELOPER");
    const roll = await call(rollRoute.POST, { ...at(fresh, "/api-keys/roll"), token: developer.token, body: { environment: "test" } });
    expect(roll.status).toBe(403);
    const create = await call(keysRoute.POST, { ...at(fresh, "/api-keys"), token: developer.token, body: { environment: "live" } });
    expect(create.status).toBe(403);
    expect(await db.apiKey.count({ where: { merchantId: fresh.merchant.id } })).toBe(1);
    // The old secret key still works: nothing was rolled.
    expect((await db.apiKey.findFirstOrThrow({ where: { merchantId: fresh.merchant.id } })).revokedAt).toBeNull();
    const list = await call(keysRoute.GET, { ...at(fresh, "/api-keys"), token: developer.token });
    expect(list.status).toBe(200);
    expect(list.body.keys[0].secretKeyPreview).toBe(`sk_test_…${fresh.secretKey.slice(-4)}`);
    expect(list.text).not.toContain(fresh.secretKey);
  });
});

describe("the audit log", () => {
  it("records who created and who rolled a key pair, with its mode and public key, never the secret", async () => {
    const fresh = await createMerchantOwner();
    await readyForLive(fresh.merchant.id);
    const headers = { "x-forwarded-for": "203.0.113.9", "user-agent": "KeyAuditTest/1.0" };
    const created = await call(keysRoute.POST, { ...at(fresh, "/api-keys"), token: fresh.token, body: { environment: "live" }, headers });
    expect(created.status).toBe(201);
    const rolled = await call(rollRoute.POST, { ...at(fresh, "/api-keys/roll"), token: fresh.token, body: { environment: "live" }, headers });
    expect(rolled.status).toBe(200);

    const log = await call(auditRoute.GET, { ...at(fresh, "/audit-logs"), token: fresh.token });
    expect(log.status).toBe(200);
    const entries = log.body.data.filter((e: { action: string }) => e.action.startsWith("api_key."));
    expect(entries.map((e: { action: string }) => e.action)).toEqual(["api_key.rolled", "api_key.created"]);
    const [rollEntry, createEntry] = entries;
    expect(createEntry).toMatchObject({
      actor: { type: "user", id: fresh.user.id },
      targetType: "api_key",
      targetId: created.body.key.id,
      ipAddress: "203.0.113.9",
      userAgent: "KeyAuditTest/1.0",
      metadata: { environment: "live", publicKey: created.body.key.publicKey },
    });
    expect(rollEntry).toMatchObject({
      targetType: "api_key",
      targetId: rolled.body.key.id,
      metadata: { environment: "live", publicKey: rolled.body.key.publicKey },
    });
    const stored = JSON.stringify(await db.auditLog.findMany({ where: { merchantId: fresh.merchant.id } }));
    expect(stored).not.toContain(created.body.key.secretKey);
    expect(stored).not.toContain(rolled.body.key.secretKey);
  });

  it("writes nothing when the roll is refused", async () => {
    const fresh = await createMerchantOwner();
    const developer = await createMember(fresh.merchant.id, "DEVELOPER");
    await call(rollRoute.POST, { ...at(fresh, "/api-keys/roll"), token: developer.token, body: { environment: "test" } });
    expect(await db.auditLog.count({ where: { merchantId: fresh.merchant.id, action: { startsWith: "api_key." } } })).toBe(0);
  });

  it("records a webhook signing-secret roll too (by a user or a secret key), never the secret", async () => {
    const fresh = await createMerchantOwner();
    const made = await call(webhooksRoute.POST, {
      ...at(fresh, "/webhooks"),
      token: fresh.token,
      body: { url: "https://hooks.example.com/paylink", events: ["transaction.completed"] },
    });
    expect(made.status).toBe(201);
    const webhookId = made.body.webhook.id as string;
    const roll = (token: string) =>
      call(rollSecretRoute.POST, {
        method: "POST",
        path: `/api/merchants/${fresh.merchant.id}/webhooks/${webhookId}/roll-secret`,
        params: { merchantId: fresh.merchant.id, webhookId },
        token,
      });
    const byUser = await roll(fresh.token);
    const byKey = await roll(fresh.secretKey);
    expect([byUser.status, byKey.status]).toEqual([200, 200]);
    const entries = await db.auditLog.findMany({ where: { merchantId: fresh.merchant.id, action: "webhook.secret_rolled" }, orderBy: { createdAt: "asc" } });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actorUserId: fresh.user.id, targetType: "webhook", targetId: webhookId });
    expect(entries[1]).toMatchObject({ actorUserId: null, actorApiKey: expect.any(String), targetType: "webhook", targetId: webhookId });
    const stored = JSON.stringify(entries);
    for (const secret of [made.body.webhook.secretKey, byUser.body.webhook.secretKey, byKey.body.webhook.secretKey]) expect(stored).not.toContain(secret);
  });
});
