// POST /api/events/trigger: a sample test-mode event of one type, in the outbox like a real one
// (so GET /api/events lists it); a live key gets 403 and changes nothing.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import * as triggerRoute from "@/app/api/events/trigger/route";
import * as listRoute from "@/app/api/events/route";
import * as keyListRoute from "@/app/api/transactions/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";

const trigger = (token: string, body: unknown, query = "") => call(triggerRoute.POST, { method: "POST", path: `/api/events/trigger${query}`, token, body });

describe("POST /api/events/trigger", () => {
  it("records a test-mode event of that type that the events API lists", async () => {
    const owner = await createMerchantOwner();
    const res = await trigger(owner.secretKey, { type: "transaction.completed" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: "transaction.completed",
      merchantId: owner.merchant.id,
      environment: "test",
      data: { status: "COMPLETED", currency: "NGN", amount: 250_000, metadata: { triggered: true } },
    });
    const row = await db.event.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ merchantId: owner.merchant.id, environment: "test", type: "transaction.completed", dispatchedAt: null });

    const listed = await call(listRoute.GET, { path: "/api/events", token: owner.secretKey });
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([res.body.id]);
    expect(listed.body.hasMore).toBe(false);

    const visited = await trigger(owner.secretKey, { type: "payment-link.visited" });
    expect(visited.status).toBe(201);
    expect(visited.body.data).toMatchObject({ slug: "triggered-test-link" });
  });

  it("refuses a live key with 403 and an unknown type with 400, recording nothing", async () => {
    const owner = await createMerchantOwner();
    const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
    const live = await trigger(liveKey, { type: "transaction.completed" });
    expect(live.status).toBe(403);
    expect(live.body.message).toMatch(/test mode only/);

    const unknown = await trigger(owner.secretKey, { type: "transaction.exploded" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("type must be one of");
    expect(await db.event.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("names the merchant with a user token, and 404s another merchant's", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    expect((await trigger(owner.token, { type: "transaction.failed" }, `?merchantId=${owner.merchant.id}`)).status).toBe(201);
    expect((await trigger(owner.token, { type: "transaction.failed" }, `?merchantId=${other.merchant.id}`)).status).toBe(404);
    expect((await trigger(owner.secretKey, { type: "transaction.failed" }, `?merchantId=${other.merchant.id}`)).status).toBe(404);
    expect(await db.event.count({ where: { merchantId: other.merchant.id } })).toBe(0);
  });
});

describe("GET /api/transactions", () => {
  it("lists a secret key's own merchant's transactions without its id, with hasMore", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    const first = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    await initiate(paymentBody(other.merchant.id), { key: other.secretKey });

    const page = await call(keyListRoute.GET, { path: "/api/transactions?limit=1", token: owner.secretKey });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.hasMore).toBe(true);
    const rest = await call(keyListRoute.GET, { path: `/api/transactions?limit=1&cursor=${page.body.nextCursor}`, token: owner.secretKey });
    expect(rest.body).toMatchObject({ data: [{ reference: first.body.reference }], hasMore: false, nextCursor: null });

    expect((await call(keyListRoute.GET, { path: `/api/transactions?merchantId=${other.merchant.id}`, token: owner.secretKey })).status).toBe(404);
    expect((await call(keyListRoute.GET, { path: "/api/transactions", token: owner.token })).status).toBe(400);
    const byUser = await call(keyListRoute.GET, { path: `/api/transactions?merchantId=${owner.merchant.id}`, token: owner.token });
    expect(byUser.body.data).toHaveLength(2);
  });
});
