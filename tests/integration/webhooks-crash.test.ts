// A real `npm run worker` process is killed (SIGKILL) in the middle of deliveries and started
// again: every event still arrives, and any duplicate carries the same webhook-id.
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createMerchantOwner } from "../helpers/factories";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { createTestEndpoint, recordEvents, waitFor } from "../helpers/webhooks";
import { startWorkerProcess } from "../helpers/worker-process";

let receiver: Receiver;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = startWorkerProcess(receiver);
  children.push(child);
  return child;
}

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  receiver = await startReceiver();
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await receiver.close();
});

it("delivers every event after the worker is killed mid-way and started again", async () => {
  const { merchant } = await createMerchantOwner();
  const endpoint = await createTestEndpoint(merchant.id, `${receiver.url}/crash`);
  receiver.secrets.set("/crash", endpoint.secretKey);
  // A slow receiver keeps many deliveries in flight when the worker dies.
  receiver.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 300));
  const ids = await recordEvents(merchant.id, 400);
  const want = new Set(ids);

  const first = startWorker();
  await waitFor(() => receiver.received.length >= 60, 60_000, "the first deliveries");
  first.kill("SIGKILL");
  await new Promise((resolve) => first.once("exit", resolve));
  const beforeRestart = new Set(receiver.received.map((r) => r.id)).size;
  expect(beforeRestart).toBeLessThan(400);

  startWorker();
  await waitFor(() => new Set(receiver.received.filter((r) => want.has(r.id)).map((r) => r.id)).size === 400, 100_000, "all 400 events");
  expect(receiver.received.every((r) => r.verified)).toBe(true);
  await waitFor(async () => (await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: "SUCCEEDED" } })) === 400, 10_000, "SUCCEEDED");
  // Duplicates are allowed, but only as the same event: webhook-id is the event id.
  expect(receiver.received.every((r) => want.has(r.id))).toBe(true);
  console.log(`delivered ${receiver.received.length} requests for 400 events (${receiver.received.length - 400} duplicates after the kill)`);
}, 150_000);
