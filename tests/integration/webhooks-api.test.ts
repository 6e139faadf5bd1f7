// Webhook configuration endpoints: every status code of the contract, plus the project's extras.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { stopWorkers } from "@/lib/jobs/boss";
import * as collection from "@/app/api/merchants/[merchantId]/webhooks/route";
import * as single from "@/app/api/merchants/[merchantId]/webhooks/[webhookId]/route";
import * as roll from "@/app/api/merchants/[merchantId]/webhooks/[webhookId]/roll-secret/route";
import * as testEvent from "@/app/api/merchants/[merchantId]/webhooks/[webhookId]/test/route";
import * as deliveries from "@/app/api/merchants/[merchantId]/webhooks/[webhookId]/deliveries/route";
import * as deliveryOne from "@/app/api/merchants/[merchantId]/webhooks/[webhookId]/deliveries/[deliveryId]/route";
import * as resend from "@/app/api/merchants/[merchantId]/webhooks/[webhookId]/deliveries/[deliveryId]/resend/route";
import { expectInvalidAndNothingStored } from "../helpers/errors";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
let owner: Owner;
let stranger: Owner;

const base = (merchantId: string) => `/api/merchants/${merchantId}/webhooks`;
const create = (body: unknown, token: string | undefined = owner.token, merchantId = owner.merchant.id) =>
  call(collection.POST, { path: base(merchantId), params: { merchantId }, body, token });
const valid = { url: "https://hooks.example.com/paylink", events: ["transaction.completed", "invoice.paid"], description: "Orders service" };

beforeAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  owner = await createMerchantOwner();
  stranger = await createMerchantOwner();
});

afterAll(async () => {
  await stopWorkers();
});

describe("POST /api/merchants/:merchantId/webhooks", () => {
  it("201 with the configuration and a generated whsec_ secret, shown only here", async () => {
    const res = await create(valid);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Webhook created");
    expect(res.body.webhook).toMatchObject({
      id: expect.any(String),
      merchantId: owner.merchant.id,
      url: valid.url,
      events: valid.events,
      description: "Orders service",
      active: true,
      secretKey: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await call(collection.GET, { path: base(owner.merchant.id), params: { merchantId: owner.merchant.id }, token: owner.token });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((w: { id: string }) => w.id === res.body.webhook.id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(list.body)).not.toContain(res.body.webhook.secretKey);
    expect(listed.secretKey).toBeUndefined();
  });

  it("accepts a secret key (API key), a custom secret and active false", async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const res = await create({ ...valid, secret, active: false }, owner.secretKey);
    expect(res.status).toBe(201);
    expect(res.body.webhook).toMatchObject({ secretKey: secret, active: false });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: res.body.webhook.id } })).secret).toBe(secret);
  });

  it.each([
    ["http:// URL", { ...valid, url: "http://hooks.example.com/x" }, "url"],
    ["not a URL", { ...valid, url: "hooks" }, "url"],
    ["missing url", { events: valid.events }, "url"],
    ["missing events", { url: valid.url }, "events"],
    ["empty events", { ...valid, events: [] }, "events"],
    ["unknown event", { ...valid, events: ["charge.success"] }, "events.0"],
    ["repeated event", { ...valid, events: ["invoice.paid", "invoice.paid"] }, "events"],
    ["bad secret", { ...valid, secret: "hunter2" }, "secret"],
    ["active not boolean", { ...valid, active: "yes" }, "active"],
    ["unknown field", { ...valid, foo: 1 }, ""],
    ["loopback address", { ...valid, url: "https://127.0.0.1/hook" }, "url"],
    ["private address", { ...valid, url: "https://10.1.2.3/hook" }, "url"],
    ["link-local address", { ...valid, url: "https://169.254.169.254/latest" }, "url"],
    ["localhost", { ...valid, url: "https://localhost:8443/hook" }, "url"],
  ])("400 for %s, and nothing is created", async (_name, body, field) => {
    await expectInvalidAndNothingStored(
      () => create(body),
      () => db.webhookEndpoint.count(),
      field,
    );
  });

  it("400 for malformed JSON", async () => {
    expect((await create("{nope")).status).toBe(400);
  });

  it("accepts private addresses when WEBHOOK_ALLOW_PRIVATE_URLS=1 (still https only)", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
    try {
      expect((await create({ ...valid, url: "https://127.0.0.1:9/hook" })).status).toBe(201);
      expect((await create({ ...valid, url: "http://127.0.0.1:9/hook" })).status).toBe(400);
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    }
  });

  it("401 without or with bad credentials", async () => {
    expect((await call(collection.POST, { path: base(owner.merchant.id), params: { merchantId: owner.merchant.id }, body: valid })).status).toBe(401);
    expect((await create(valid, "not-a-token")).status).toBe(401);
    expect((await create(valid, "sk_test_doesnotexist0000000000000000")).status).toBe(401);
  });

  it("404 for another merchant or an unknown one", async () => {
    const other = await create(valid, owner.token, stranger.merchant.id);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("Merchant not found");
    expect((await create(valid, owner.secretKey, stranger.merchant.id)).status).toBe(404);
    expect((await create(valid, owner.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await create(valid, owner.token, "nope")).status).toBe(404);
  });
});

describe("GET, PUT, DELETE, roll-secret", () => {
  const one = (handler: typeof single.GET, webhookId: string, opts: { body?: unknown; method?: string; token?: string; merchantId?: string } = {}) => {
    const merchantId = opts.merchantId ?? owner.merchant.id;
    return call(handler, {
      method: opts.method,
      path: `${base(merchantId)}/${webhookId}`,
      params: { merchantId, webhookId },
      body: opts.body,
      token: opts.token ?? owner.token,
    });
  };

  it("updates, rolls the secret, deletes; another merchant's webhook is 404", async () => {
    const { body } = await create(valid);
    const id = body.webhook.id as string;
    const strangers = await create(valid, stranger.token, stranger.merchant.id);

    expect((await one(single.GET, id)).body.webhook).toMatchObject({ id, url: valid.url });
    expect((await one(single.GET, id)).body.webhook.secretKey).toBeUndefined();
    const updated = await one(single.PUT, id, { method: "PUT", body: { events: ["transaction.refunded"], active: false, description: "" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ message: "Webhook updated", webhook: { events: ["transaction.refunded"], active: false, description: "" } });
    expect(updated.body.webhook.secretKey).toBeUndefined();
    expect((await one(single.PUT, id, { method: "PUT", body: {} })).status).toBe(400);
    expect((await one(single.PUT, id, { method: "PUT", body: { url: "http://x.example.com" } })).status).toBe(400);
    expect((await one(single.PUT, id, { method: "PUT", body: { secret: "whsec_x" } })).status).toBe(400);

    const rolled = await call(roll.POST, {
      method: "POST",
      path: `${base(owner.merchant.id)}/${id}/roll-secret`,
      params: { merchantId: owner.merchant.id, webhookId: id },
      token: owner.token,
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.webhook.secretKey).toMatch(/^whsec_/);
    expect(rolled.body.webhook.secretKey).not.toBe(body.webhook.secretKey);

    // Another merchant's webhook, through our merchant path or theirs.
    const theirs = strangers.body.webhook.id as string;
    expect((await one(single.GET, theirs)).status).toBe(404);
    expect((await one(single.PUT, theirs, { method: "PUT", body: { active: false } })).status).toBe(404);
    expect((await one(single.DELETE, theirs, { method: "DELETE" })).status).toBe(404);
    expect((await one(single.GET, theirs, { merchantId: stranger.merchant.id })).status).toBe(404);
    expect((await one(single.GET, "not-a-uuid")).status).toBe(404);
    expect((await one(single.GET, id, { token: "bad" })).status).toBe(401);

    const deleted = await one(single.DELETE, id, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Webhook deleted");
    expect((await one(single.DELETE, id, { method: "DELETE" })).status).toBe(404);
    expect(await db.webhookEndpoint.findUnique({ where: { id: theirs } })).not.toBeNull();
  });
});

describe("test event, delivery log, resend", () => {
  it("queues a test event, lists and shows the delivery, resends it; 409 when disabled", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
    const { body } = await create({ ...valid, url: "https://127.0.0.1:9/hook" });
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    const webhookId = body.webhook.id as string;
    const params = { merchantId: owner.merchant.id, webhookId };
    const path = `${base(owner.merchant.id)}/${webhookId}`;

    const sent = await call(testEvent.POST, { method: "POST", path: `${path}/test`, params, token: owner.token });
    expect(sent.status).toBe(202);
    expect(sent.body.delivery).toMatchObject({ eventType: "webhook.test", status: "PENDING", webhookId });

    const list = await call(deliveries.GET, { path: `${path}/deliveries?status=PENDING`, params, token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([sent.body.delivery.id]);
    expect((await call(deliveries.GET, { path: `${path}/deliveries?status=SUCCEEDED`, params, token: owner.token })).body.data).toEqual([]);
    expect((await call(deliveries.GET, { path: `${path}/deliveries?status=nope`, params, token: owner.token })).status).toBe(400);

    const deliveryId = sent.body.delivery.id as string;
    const detail = await call(deliveryOne.GET, { path: `${path}/deliveries/${deliveryId}`, params: { ...params, deliveryId }, token: owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.payload).toMatchObject({ type: "webhook.test", merchantId: owner.merchant.id, environment: "test" });
    expect(detail.body.attempts).toEqual([]);

    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "FAILED", attemptCount: 8, nextAttemptAt: null } });
    const again = await call(resend.POST, {
      method: "POST",
      path: `${path}/deliveries/${deliveryId}/resend`,
      params: { ...params, deliveryId },
      token: owner.token,
    });
    expect(again.status).toBe(202);
    expect(again.body.delivery).toMatchObject({ status: "PENDING", attemptCount: 0 });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (
        await call(resend.POST, {
          method: "POST",
          path: `${path}/deliveries/${unknown}/resend`,
          params: { ...params, deliveryId: unknown },
          token: owner.token,
        })
      ).status,
    ).toBe(404);

    await db.webhookEndpoint.update({ where: { id: webhookId }, data: { active: false } });
    expect((await call(testEvent.POST, { method: "POST", path: `${path}/test`, params, token: owner.token })).status).toBe(409);
    // Another merchant cannot see or resend it.
    const theirs = { merchantId: stranger.merchant.id, webhookId, deliveryId };
    const theirPath = `/api/merchants/${stranger.merchant.id}/webhooks/${webhookId}/deliveries/${deliveryId}`;
    expect((await call(deliveryOne.GET, { path: theirPath, params: theirs, token: stranger.token })).status).toBe(404);
    expect((await call(deliveryOne.GET, { path: theirPath, params: theirs, token: owner.token })).status).toBe(404);
  });
});
