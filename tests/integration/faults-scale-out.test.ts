// Fault: the scaled-out shape (README "Deploying and scaling out") on one database: two app
// instances and two `npm run worker` processes, each a separate Node process with its own pool.
// Proves:
// - the same processor webhook fired at both instances at once, many times, completes the payment
//   once, writes one transaction.completed outbox event and one stored processor event;
// - two workers sharing the outbox deliver each event to each subscribed endpoint exactly once:
//   one delivery row, one attempt, and the receiver sees every webhook-id once (it always answers 200).
// The app instances are tests/helpers/app-instance.ts (the real route handler modules behind a plain
// HTTP server), not `next start`: what matters here is two processes on one database.
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, sandboxEvent } from "../helpers/payments";
import { startAppInstance, stopChildren } from "../helpers/app-process";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { createTestEndpoint, recordEvents, waitFor } from "../helpers/webhooks";
import { startWorkerProcess } from "../helpers/worker-process";

const CHARGES = 10;
const COPIES_PER_INSTANCE = 10;
const EXTRA_EVENTS = 300;

let receiver: Receiver;
const children: ChildProcess[] = [];

function childEnv() {
  return { ...process.env, WEBHOOK_ALLOW_PRIVATE_URLS: "1", WEBHOOK_TEST_CA_FILE: receiver.caFile, LOG_LEVEL: "warn" };
}

/** Posts a webhook as processors do: again, after a pause, while the answer is 503 (a busy instance). Answers every status seen. */
async function postLikeProcessor(url: string, webhook: { headers: Record<string, string>; body: string }): Promise<number[]> {
  const statuses: number[] = [];
  for (let tries = 0; tries < 5; tries++) {
    const { status } = await fetch(url, { method: "POST", headers: webhook.headers, body: webhook.body });
    statuses.push(status);
    if (status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return statuses;
}

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  receiver = await startReceiver();
});

afterAll(async () => {
  await stopChildren(children);
  await receiver.close();
});

it("two app instances and two workers on one database: one completion per charge, each delivery made once", async () => {
  const { merchant, secretKey } = await createMerchantOwner();
  const endpoint = await createTestEndpoint(merchant.id, `${receiver.url}/scale`);
  receiver.secrets.set("/scale", endpoint.secretKey);
  const instances = await Promise.all([startAppInstance(childEnv(), children), startAppInstance(childEnv(), children)]);

  // Each charge's success webhook, COPIES_PER_INSTANCE times at each instance, all at once; charge after charge.
  const references: string[] = [];
  for (let i = 0; i < CHARGES; i++) {
    const { body } = await initiate(paymentBody(merchant.id), { key: secretKey });
    references.push(body.reference);
    const webhook = sandboxEvent(body.reference);
    const posts = instances.flatMap((base) =>
      Array.from({ length: COPIES_PER_INSTANCE }, () => postLikeProcessor(`${base}/api/transactions/webhooks/sandbox`, webhook)),
    );
    const answers = await Promise.all(posts);
    // Every copy is accepted in the end; an overloaded instance may first ask for a retry, nothing else.
    expect(answers.map((statuses) => statuses.at(-1))).toEqual(answers.map(() => 200));
    expect(answers.flatMap((statuses) => statuses.slice(0, -1)).every((status) => status === 503)).toBe(true);
  }

  const transactions = await db.transaction.findMany({ where: { reference: { in: references } } });
  expect(transactions.map((t) => t.status)).toEqual(references.map(() => "COMPLETED"));
  const completedEvents = await db.event.findMany({ where: { merchantId: merchant.id, type: "transaction.completed" } });
  expect(completedEvents).toHaveLength(CHARGES);
  expect(new Set(completedEvents.map((e) => (e.payload as { reference?: string }).reference))).toEqual(new Set(references));
  expect(await db.processorEvent.count({ where: { transaction: { reference: { in: references } } } })).toBe(CHARGES);

  // Two workers share the outbox: the completions above plus many more events.
  const extra = await recordEvents(merchant.id, EXTRA_EVENTS);
  const eventIds = [...completedEvents.map((e) => e.id), ...extra];
  // Started together, as a deploy does: pg-boss's set-up once deadlocked between them and one exited.
  const workers = [startWorkerProcess(receiver, { output: "inherit" }), startWorkerProcess(receiver, { output: "inherit" })];
  children.push(...workers);
  await waitFor(
    async () => (await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: "SUCCEEDED" } })) === eventIds.length,
    90_000,
    "every delivery to succeed",
  );

  const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, select: { eventId: true, attemptCount: true } });
  expect(deliveries).toHaveLength(eventIds.length);
  expect(new Set(deliveries.map((d) => d.eventId))).toEqual(new Set(eventIds));
  expect(deliveries.every((d) => d.attemptCount === 1)).toBe(true);
  expect(await db.webhookAttempt.count({ where: { delivery: { endpointId: endpoint.id } } })).toBe(eventIds.length);
  // The receiver saw each webhook-id once, every one signed correctly.
  const ids = receiver.received.map((r) => r.id);
  expect(ids).toHaveLength(eventIds.length);
  expect(new Set(ids)).toEqual(new Set(eventIds));
  expect(receiver.received.every((r) => r.verified)).toBe(true);
  expect(workers.map((worker) => worker.exitCode)).toEqual([null, null]);
}, 150_000);
