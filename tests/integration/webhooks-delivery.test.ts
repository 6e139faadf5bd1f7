// Delivery through the real pg-boss workers against real PostgreSQL and a local HTTPS receiver
// that checks every signature with the official Standard Webhooks verifier.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { LATEST_VERSION } from "@/lib/api/versions";
import { startWorkers, stopWorkers } from "@/lib/jobs/boss";
import { attemptDelivery, MAX_ATTEMPTS, RETRY_SCHEDULE_SECONDS } from "@/lib/webhooks/delivery";
import { createMerchantOwner } from "../helpers/factories";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { createTestEndpoint, eventData, recordEvents, waitFor } from "../helpers/webhooks";
import { waitForEmail } from "../helpers/mailbox";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
let receiver: Receiver;
let owner: Owner;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  receiver = await startReceiver();
  owner = await createMerchantOwner();
  await startWorkers();
});

afterAll(async () => {
  await stopWorkers();
  await receiver.close();
});

beforeEach(() => {
  receiver.respond = () => 200;
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
});

async function endpointAt(path: string, events: Parameters<typeof createTestEndpoint>[2] = ["transaction.completed"]) {
  const endpoint = await createTestEndpoint(owner.merchant.id, `${receiver.url}${path}`, events);
  receiver.secrets.set(path, endpoint.secretKey);
  return endpoint;
}

describe("webhook delivery", () => {
  it("signs every delivery per Standard Webhooks with the merchant's secret, in one envelope", async () => {
    const endpoint = await endpointAt("/signed");
    const [eventId] = await recordEvents(owner.merchant.id, 1);
    await waitFor(() => receiver.received.some((r) => r.id === eventId), 15_000, "the delivery");
    const got = receiver.received.find((r) => r.id === eventId)!;
    expect(got.verified).toBe(true);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(got.payload).toEqual({
      id: eventId,
      type: "transaction.completed",
      createdAt: expect.any(String),
      merchantId: owner.merchant.id,
      environment: "test",
      apiVersion: LATEST_VERSION,
      data: eventData("transaction.completed", 0),
    });
    await waitFor(
      async () => (await db.webhookDelivery.findFirst({ where: { eventId, endpointId: endpoint.id } }))?.status === "SUCCEEDED",
      5_000,
      "SUCCEEDED",
    );
    const attempts = await db.webhookAttempt.findMany({ where: { delivery: { eventId } } });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ statusCode: 200, succeeded: true, responseBody: '{"ok":true}' });
    expect(attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);
    await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
  });

  it("retries a receiver that fails, then recovers, with the same webhook-id", async () => {
    const endpoint = await endpointAt("/flaky");
    let failures = 0;
    receiver.respond = () => (failures++ < 1 ? 503 : 200);
    const [eventId] = await recordEvents(owner.merchant.id, 1);
    await waitFor(() => receiver.received.filter((r) => r.id === eventId).length >= 2, (RETRY_SCHEDULE_SECONDS[0] + 10) * 1000, "the retry");
    const copies = receiver.received.filter((r) => r.id === eventId);
    expect(copies.every((c) => c.verified)).toBe(true);
    await waitFor(async () => (await db.webhookDelivery.findFirst({ where: { eventId } }))?.status === "SUCCEEDED", 5_000, "SUCCEEDED");
    const attempts = await db.webhookAttempt.findMany({ where: { delivery: { eventId } }, orderBy: { attemptedAt: "asc" } });
    expect(attempts.map((a) => a.statusCode)).toEqual([503, 200]);
    expect(attempts[0]!.responseBody).toBe('{"ok":false}');
    await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
  });

  it("delivers only to active endpoints subscribed to the event type, in the event's mode", async () => {
    const subscribed = await endpointAt("/subscribed", ["transaction.failed"]);
    const other = await endpointAt("/other-type", ["invoice.paid"]);
    const inactive = await endpointAt("/inactive", ["transaction.failed"]);
    await db.webhookEndpoint.update({ where: { id: inactive.id }, data: { active: false } });
    const live = await endpointAt("/live", ["transaction.failed"]);
    await db.webhookEndpoint.update({ where: { id: live.id }, data: { environment: "live" } });
    const [eventId] = await recordEvents(owner.merchant.id, 1, "transaction.failed");
    await waitFor(() => receiver.received.some((r) => r.id === eventId), 15_000, "the delivery");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const deliveries = await db.webhookDelivery.findMany({ where: { eventId } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([subscribed.id]);
    for (const e of [subscribed, other, inactive, live]) await db.webhookEndpoint.delete({ where: { id: e.id } });
  });

  it("delivers 1,000 events, each verified", async () => {
    const endpoint = await endpointAt("/bulk");
    const ids = await recordEvents(owner.merchant.id, 1000);
    const want = new Set(ids);
    const started = Date.now();
    await waitFor(() => receiver.received.filter((r) => want.has(r.id) && r.verified).length >= 1000, 90_000, "1,000 deliveries");
    const seconds = (Date.now() - started) / 1000;
    console.log(`1,000 webhook deliveries in ${seconds.toFixed(1)} s (${Math.round(1000 / seconds)}/s, including polling)`);
    expect(new Set(receiver.received.filter((r) => want.has(r.id)).map((r) => r.id)).size).toBe(1000);
    await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
  }, 120_000);

  it("the sweeper hands out a due delivery whose job was lost (queued long ago, never attempted), from the delivery row alone", async () => {
    const endpoint = await endpointAt("/lost-job");
    const [eventId] = await recordEvents(owner.merchant.id, 1);
    await waitFor(() => receiver.received.some((r) => r.id === eventId), 15_000, "the first delivery");
    // A second delivery of the event as if its job had vanished: queued a minute ago, no job in the queue.
    const lost = await db.webhookDelivery.create({
      data: { eventId: eventId!, endpointId: (await endpointAt("/lost-job-2")).id, queuedAt: new Date(Date.now() - 60_000) },
    });
    await waitFor(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: lost.id } })).status === "SUCCEEDED", 20_000, "the swept delivery");
    expect(receiver.received.filter((r) => r.id === eventId)).toHaveLength(2);
    await db.webhookEndpoint.deleteMany({ where: { id: { in: [endpoint.id, lost.endpointId] } } });
  }, 30_000);
});

describe("attempts without the workers", () => {
  beforeAll(async () => {
    await stopWorkers();
  });

  it("marks a delivery FAILED after the last scheduled attempt", async () => {
    const endpoint = await endpointAt("/always-down");
    receiver.respond = () => 500;
    const [eventId] = await recordEvents(owner.merchant.id, 1);
    const delivery = await db.webhookDelivery.create({
      data: { eventId: eventId!, endpointId: endpoint.id, attemptCount: MAX_ATTEMPTS - 1, nextAttemptAt: new Date() },
    });
    await db.event.update({ where: { id: eventId }, data: { dispatchedAt: new Date() } });
    expect(await attemptDelivery(delivery.id)).toEqual({ status: "failed" });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "FAILED",
      attemptCount: MAX_ATTEMPTS,
      nextAttemptAt: null,
    });
    // Not due any more: a second call does nothing.
    expect(await attemptDelivery(delivery.id)).toEqual({ status: "skipped" });
  });

  it("schedules the next retry per the published schedule", async () => {
    const endpoint = await endpointAt("/down-once");
    receiver.respond = () => 500;
    const [eventId] = await recordEvents(owner.merchant.id, 1);
    await db.event.update({ where: { id: eventId }, data: { dispatchedAt: new Date() } });
    const delivery = await db.webhookDelivery.create({ data: { eventId: eventId!, endpointId: endpoint.id, attemptCount: 2, nextAttemptAt: new Date() } });
    const outcome = await attemptDelivery(delivery.id);
    expect(outcome.status).toBe("retry");
    const delay = outcome.status === "retry" ? outcome.at.getTime() - Date.now() : 0;
    expect(Math.abs(delay - RETRY_SCHEDULE_SECONDS[2] * 1000)).toBeLessThan(5_000);
  });

  it("disables an endpoint failing for days and e-mails the owner", async () => {
    const endpoint = await endpointAt("/dead");
    receiver.respond = () => 500;
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: new Date(Date.now() - 6 * 24 * 3600 * 1000) } });
    const [eventId] = await recordEvents(owner.merchant.id, 1);
    await db.event.update({ where: { id: eventId }, data: { dispatchedAt: new Date() } });
    const delivery = await db.webhookDelivery.create({ data: { eventId: eventId!, endpointId: endpoint.id, nextAttemptAt: new Date() } });
    await attemptDelivery(delivery.id);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ active: false, disabledAt: expect.any(Date) });
    // Queued by the delivery; the worker running in this file (or the helper) sends it.
    const email = await waitForEmail(() => db.storedEmail.findFirst({ where: { to: owner.user.email, subject: { contains: "Webhook endpoint disabled" } } }));
    expect(email?.text).toContain(endpoint.url);
  });

  it("refuses to connect to a private address at delivery time unless allowed", async () => {
    const endpoint = await endpointAt("/private");
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    const before = receiver.received.length;
    const [eventId] = await recordEvents(owner.merchant.id, 1);
    await db.event.update({ where: { id: eventId }, data: { dispatchedAt: new Date() } });
    const delivery = await db.webhookDelivery.create({ data: { eventId: eventId!, endpointId: endpoint.id, nextAttemptAt: new Date() } });
    expect((await attemptDelivery(delivery.id)).status).toBe("retry");
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id } });
    expect(attempt).toMatchObject({ statusCode: null, succeeded: false });
    expect(attempt.error).toMatch(/private, loopback or link-local/);
    expect(receiver.received.length).toBe(before);
  });
});
