// Fault: merchants' webhook receivers that hang past the delivery timeout, or answer 500.
// Proves: each failed attempt is logged with its error, the delivery is retried with the same
// webhook-id, and it succeeds once the receiver answers again: nothing is lost.
// WEBHOOK_TIMEOUT_MS is shortened to 1 s so the hang costs a second, not ten.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startWorkers, stopWorkers } from "@/lib/jobs/boss";
import { attemptDelivery, dispatchOutbox, RETRY_SCHEDULE_SECONDS } from "@/lib/webhooks/delivery";
import { createMerchantOwner } from "../helpers/factories";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { createTestEndpoint, recordEvents, waitFor } from "../helpers/webhooks";

const EVENTS = 20;
let receiver: Receiver;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  process.env.WEBHOOK_TIMEOUT_MS = "1000";
  receiver = await startReceiver();
});

afterAll(async () => {
  delete process.env.WEBHOOK_TIMEOUT_MS;
  await receiver.close();
});

/** Answers `first` (a status, or "hang" for 3 s: three times the timeout) to each event's first copy, then 200. */
function failFirstCopy(path: string, first: number | "hang") {
  const seen = new Set<string>();
  return (id: string, at: string) => {
    if (at !== path || seen.has(id)) return null;
    seen.add(id);
    return first;
  };
}

it("retries deliveries to a receiver that hangs or answers 500, with the same webhook-id, until each succeeds", async () => {
  const { merchant } = await createMerchantOwner();
  const hanging = await createTestEndpoint(merchant.id, `${receiver.url}/hangs`);
  const erroring = await createTestEndpoint(merchant.id, `${receiver.url}/errors`);
  receiver.secrets.set("/hangs", hanging.secretKey);
  receiver.secrets.set("/errors", erroring.secretKey);
  const rules = [failFirstCopy("/hangs", "hang"), failFirstCopy("/errors", 500)];
  receiver.respond = (req) => {
    const rule = rules.map((r) => r(req.id, req.path)).find((r) => r !== null);
    if (rule === "hang") return new Promise((resolve) => setTimeout(() => resolve(200), 3_000));
    return rule ?? 200;
  };

  const ids = await recordEvents(merchant.id, EVENTS);
  await startWorkers();
  try {
    await waitFor(
      async () => (await db.webhookDelivery.count({ where: { eventId: { in: ids }, status: "SUCCEEDED" } })) === EVENTS * 2,
      (RETRY_SCHEDULE_SECONDS[0] + 30) * 1000,
      "every delivery to succeed",
    );
  } finally {
    await stopWorkers();
  }

  const deliveries = await db.webhookDelivery.findMany({
    where: { eventId: { in: ids } },
    include: { attempts: { orderBy: { attemptedAt: "asc" } } },
  });
  expect(deliveries).toHaveLength(EVENTS * 2);
  for (const delivery of deliveries) {
    expect(delivery.attempts).toHaveLength(2);
    const [failed, succeeded] = delivery.attempts;
    if (delivery.endpointId === hanging.id) {
      expect(failed).toMatchObject({ succeeded: false, statusCode: null, error: "Timed out after 1 s" });
    } else {
      expect(failed).toMatchObject({ succeeded: false, statusCode: 500, error: null, responseBody: '{"ok":false}' });
    }
    expect(succeeded).toMatchObject({ succeeded: true, statusCode: 200 });
    // The retry waited for the published schedule.
    expect(succeeded!.attemptedAt.getTime() - failed!.attemptedAt.getTime()).toBeGreaterThanOrEqual(RETRY_SCHEDULE_SECONDS[0] * 1000 - 1000);
  }
  // Every event reached both receivers, every copy signed, and every copy carries its event id.
  for (const id of ids) {
    const copies = receiver.received.filter((r) => r.id === id);
    expect(copies.length).toBe(4);
    expect(copies.every((c) => c.verified)).toBe(true);
  }
}, 90_000);

it("keeps retrying a receiver that keeps hanging, logging each timeout, and delivers once it recovers", async () => {
  const { merchant } = await createMerchantOwner();
  const endpoint = await createTestEndpoint(merchant.id, `${receiver.url}/down`);
  receiver.secrets.set("/down", endpoint.secretKey);
  const [eventId] = await recordEvents(merchant.id, 1);
  // Fan the event out without the workers, then drive the attempts one by one, moving the clock
  // forward by making each scheduled retry due now (the schedule itself is checked above).
  await dispatchOutbox();
  const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId, endpointId: endpoint.id } });
  const makeDue = () => db.webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });

  receiver.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 3_000));
  for (let attempt = 1; attempt <= 3; attempt++) {
    const outcome = await attemptDelivery(delivery.id);
    expect(outcome.status).toBe("retry");
    await makeDue();
  }
  receiver.respond = () => 500;
  expect((await attemptDelivery(delivery.id)).status).toBe("retry");
  await makeDue();
  receiver.respond = () => 200;
  expect((await attemptDelivery(delivery.id)).status).toBe("succeeded");

  const attempts = await db.webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { attemptedAt: "asc" } });
  expect(attempts.map((a) => a.error ?? a.statusCode)).toEqual(["Timed out after 1 s", "Timed out after 1 s", "Timed out after 1 s", 500, 200]);
  expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "SUCCEEDED", attemptCount: 5 });
  const copies = receiver.received.filter((r) => r.id === eventId);
  expect(copies).toHaveLength(5);
  expect(copies.every((c) => c.verified)).toBe(true);
}, 60_000);
