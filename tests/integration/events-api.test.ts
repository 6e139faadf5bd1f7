// The events API: GET /api/events and GET /api/events/:eventId answer the outbox in the webhook
// envelope, for one merchant and mode; events (and their delivery logs) are kept 30 days.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sendJob, startWorkers, stopWorkers } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/registry";
import { TEST_EVENT_TYPE, toEnvelope } from "@/lib/webhooks/envelope";
import { pruneEvents } from "@/lib/webhooks/events";
import * as listRoute from "@/app/api/events/route";
import * as eventRoute from "@/app/api/events/[eventId]/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, setView } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent } from "../helpers/payments";
import { eventData, waitFor } from "../helpers/webhooks";
import type { EventType } from "@/lib/webhooks/outbox";
import { apiError } from "../helpers/errors";
import { insertWebhookEndpoint } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const DAY = 86_400_000;
const list = (token: string, query = "") => call(listRoute.GET, { path: `/api/events${query}`, token });
const one = (token: string, eventId: string, query = "") => call(eventRoute.GET, { path: `/api/events/${eventId}${query}`, params: { eventId }, token });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((e) => e.id);

async function event(owner: Owner, type: EventType | typeof TEST_EVENT_TYPE, minutesAgo: number, environment: "test" | "live" = "test") {
  return db.event.create({
    data: {
      merchantId: owner.merchant.id,
      environment,
      type,
      payload: eventData(type, minutesAgo, environment),
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      dispatchedAt: new Date(),
    },
  });
}

afterAll(async () => {
  await stopWorkers();
});

describe("GET /api/events", () => {
  it("lists what the webhooks send, in the same envelope: a completed payment's event", async () => {
    const owner = await createMerchantOwner();
    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect((await postWebhook("sandbox", sandboxEvent(started.body.reference))).status).toBe(200);

    const res = await list(owner.secretKey);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const completed = res.body.data.find((e: { type: string }) => e.type === "transaction.completed");
    expect(completed).toMatchObject({
      type: "transaction.completed",
      merchantId: owner.merchant.id,
      environment: "test",
      data: { reference: started.body.reference, amount: 250_000 },
    });
    const row = await db.event.findUniqueOrThrow({ where: { id: completed.id } });
    expect(completed).toEqual(JSON.parse(JSON.stringify(toEnvelope(row))));

    // One event: exactly that envelope.
    const got = await one(owner.secretKey, completed.id);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(completed);
  });

  it("filters by type (one, or a group) and by time, newest first", async () => {
    const owner = await createMerchantOwner();
    const old = await event(owner, "transaction.completed", 180);
    const failed = await event(owner, "transaction.failed", 120);
    const invoice = await event(owner, "invoice.paid", 60);
    const recent = await event(owner, "transaction.completed", 1);
    await event(owner, "webhook.test", 2);

    expect(ids(await list(owner.secretKey))).toEqual([recent.id, invoice.id, failed.id, old.id]);
    expect(ids(await list(owner.secretKey, "?type=transaction.completed"))).toEqual([recent.id, old.id]);
    expect(ids(await list(owner.secretKey, "?type=transaction.*"))).toEqual([recent.id, failed.id, old.id]);
    expect(ids(await list(owner.secretKey, "?type=invoice.*"))).toEqual([invoice.id]);
    const at = (d: Date) => encodeURIComponent(d.toISOString());
    expect(ids(await list(owner.secretKey, `?from=${at(failed.createdAt)}`))).toEqual([recent.id, invoice.id, failed.id]);
    expect(ids(await list(owner.secretKey, `?to=${at(invoice.createdAt)}`))).toEqual([invoice.id, failed.id, old.id]);
    expect(ids(await list(owner.secretKey, `?from=${at(failed.createdAt)}&to=${at(invoice.createdAt)}&type=transaction.*`))).toEqual([failed.id]);
    // An offset other than Z means the same instant.
    expect(
      ids(await list(owner.secretKey, `?from=${encodeURIComponent(new Date(failed.createdAt.getTime() + 3_600_000).toISOString().replace("Z", "+01:00"))}`)),
    ).toEqual([recent.id, invoice.id, failed.id]);
  });

  it("refuses filters it does not understand with 400", async () => {
    const owner = await createMerchantOwner();
    for (const query of [
      "?type=transaction.done",
      "?type=*",
      "?type=webhook.test",
      "?from=yesterday",
      "?to=2026-11-23",
      "?limit=0",
      "?limit=101",
      "?cursor=!!",
      "?from=2026-11-23T10:00:00Z&to=2026-11-22T10:00:00Z",
    ]) {
      const res = await list(owner.secretKey, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/Validation failed|Invalid cursor/);
    }
    const bad = await list(owner.secretKey, "?type=transaction.done");
    expect(bad.body.errors[0]).toMatchObject({ field: "query.type", message: expect.stringContaining("transaction.*") });
  });

  it("pages with a cursor: every event once, in order, whatever the page size", async () => {
    const owner = await createMerchantOwner();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await event(owner, "transaction.completed", 100 - i));
    // Two events in the same millisecond are told apart by id.
    const at = new Date(Date.now() - 50 * 60_000);
    for (let i = 0; i < 2; i++)
      made.push(
        await db.event.create({
          data: { merchantId: owner.merchant.id, environment: "test", type: "invoice.sent", payload: eventData("invoice.sent", i), createdAt: at },
        }),
      );
    const expected = (await db.event.findMany({ where: { merchantId: owner.merchant.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] })).map((e) => e.id);
    expect(expected).toHaveLength(9);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(owner.secretKey, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(5);
  });

  it("never shows another merchant's events or the other mode's", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    const mine = await event(owner, "transaction.completed", 5);
    const live = await event(owner, "transaction.completed", 4, "live");
    const theirs = await event(other, "transaction.completed", 3);

    expect(ids(await list(owner.secretKey))).toEqual([mine.id]);
    expect(ids(await list(other.secretKey))).toEqual([theirs.id]);
    expect((await one(owner.secretKey, theirs.id)).status).toBe(404);
    expect((await one(owner.secretKey, live.id)).status).toBe(404);
    expect((await one(owner.secretKey, live.id)).body).toEqual(apiError({ message: "Event not found", code: "resource_missing", param: "id" }));
    expect((await one(owner.secretKey, "not-an-id")).status).toBe(404);
    // A key naming another merchant is refused like an unknown merchant.
    expect((await list(owner.secretKey, `?merchantId=${other.merchant.id}`)).status).toBe(404);
    expect(ids(await list(owner.secretKey, `?merchantId=${owner.merchant.id}`))).toEqual([mine.id]);

    // A user token names the merchant, and sees the mode the dashboard shows.
    const missing = await list(owner.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "query.merchantId", message: expect.stringContaining("merchantId is required") }]);
    expect(ids(await list(owner.token, `?merchantId=${owner.merchant.id}`))).toEqual([mine.id]);
    expect((await list(owner.token, `?merchantId=${other.merchant.id}`)).status).toBe(404);
    expect((await one(owner.token, mine.id, `?merchantId=${owner.merchant.id}`)).status).toBe(200);
    expect((await one(owner.token, theirs.id, `?merchantId=${other.merchant.id}`)).status).toBe(404);
    await setView(owner.merchant.id, owner.user.id, "live");
    expect(ids(await list(owner.token, `?merchantId=${owner.merchant.id}`))).toEqual([live.id]);
    expect(ids(await list(owner.secretKey))).toEqual([mine.id]);
  });

  it("is for roles that manage webhooks (their log holds the same payloads)", async () => {
    const owner = await createMerchantOwner();
    await event(owner, "transaction.completed", 1);
    const q = `?merchantId=${owner.merchant.id}`;
    expect((await list((await createMember(owner.merchant.id, "DEVELOPER")).token, q)).status).toBe(200);
    expect((await list((await createMember(owner.merchant.id, "VIEWER")).token, q)).status).toBe(403);
    expect((await list((await createMember(owner.merchant.id, "OPERATIONS")).token, q)).status).toBe(403);
    expect((await list("sk_test_" + "x".repeat(40))).status).toBe(401);
    expect((await call(listRoute.GET, { path: "/api/events" })).status).toBe(401);
  });
});

describe("retention: 30 days", () => {
  async function aged(owner: Owner, days: number) {
    const endpoint = await insertWebhookEndpoint({
      merchantId: owner.merchant.id,
      url: "https://hooks.example.com/old",
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    const createdAt = new Date(Date.now() - days * DAY);
    const row = await db.event.create({
      data: {
        merchantId: owner.merchant.id,
        environment: "test",
        type: "transaction.completed",
        payload: eventData("transaction.completed"),
        createdAt,
        dispatchedAt: createdAt,
      },
    });
    const delivery = await db.webhookDelivery.create({ data: { eventId: row.id, endpointId: endpoint.id, status: "SUCCEEDED", attemptCount: 1, createdAt } });
    await db.webhookAttempt.create({ data: { deliveryId: delivery.id, attemptedAt: createdAt, statusCode: 200, durationMs: 12, succeeded: true } });
    return { event: row.id, delivery: delivery.id };
  }
  const exists = async (kept: { event: string; delivery: string }) => ({
    event: (await db.event.count({ where: { id: kept.event } })) === 1,
    delivery: (await db.webhookDelivery.count({ where: { id: kept.delivery } })) === 1,
    attempts: await db.webhookAttempt.count({ where: { deliveryId: kept.delivery } }),
  });

  it("deletes events older than 30 days with their deliveries and attempts, and keeps the rest", async () => {
    const owner = await createMerchantOwner();
    const old = await aged(owner, 31);
    const edge = await aged(owner, 29.9);
    const fresh = await aged(owner, 1);
    const { events } = await pruneEvents(new Date(), 1);
    expect(events).toBeGreaterThanOrEqual(1);
    expect(await exists(old)).toEqual({ event: false, delivery: false, attempts: 0 });
    expect(await exists(edge)).toEqual({ event: true, delivery: true, attempts: 1 });
    expect(await exists(fresh)).toEqual({ event: true, delivery: true, attempts: 1 });
    expect((await list(owner.secretKey)).body.data).toHaveLength(2);
  });

  it("runs as a daily pg-boss job", async () => {
    const owner = await createMerchantOwner();
    const old = await aged(owner, 45);
    const fresh = await aged(owner, 2);
    const boss = await startWorkers();
    const schedules = await boss.getSchedules();
    expect(schedules.find((s) => s.name === JOBS.pruneEvents.name)?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    await sendJob("pruneEvents", {});
    await waitFor(async () => !(await exists(old)).event, 20_000, "the prune job");
    expect(await exists(old)).toEqual({ event: false, delivery: false, attempts: 0 });
    expect(await exists(fresh)).toEqual({ event: true, delivery: true, attempts: 1 });
  });
});
