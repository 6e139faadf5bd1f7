// A real `npm run worker` process gets SIGTERM while webhook deliveries are in flight (a slow
// receiver): it lets them finish and records them, leaves the rest queued, and exits 0.
// (The app process's HTTP side is tested on the built app: tests/e2e/graceful-shutdown.spec.ts.)
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createMerchantOwner } from "../helpers/factories";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { createTestEndpoint, recordEvents, waitFor } from "../helpers/webhooks";
import { startWorkerProcess } from "../helpers/worker-process";

let receiver: Receiver;
let child: ChildProcess | undefined;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  receiver = await startReceiver();
});

afterAll(async () => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  await receiver.close();
});

it("finishes the deliveries in flight on SIGTERM, leaves the others pending, and exits 0", async () => {
  const { merchant } = await createMerchantOwner();
  const endpoint = await createTestEndpoint(merchant.id, `${receiver.url}/drain`);
  receiver.secrets.set("/drain", endpoint.secretKey);
  // Each delivery takes 1.5 s to be answered: SIGTERM lands while some are mid-request.
  let answered = 0;
  receiver.respond = () => new Promise((resolve) => setTimeout(() => (answered++, resolve(200)), 1_500));
  await recordEvents(merchant.id, 300);

  // One loop of 5: a few deliveries in flight at a time, most still queued at SIGTERM.
  child = startWorkerProcess(receiver, { env: { WEBHOOK_WORKERS: "1", WEBHOOK_BATCH_SIZE: "5" } });
  const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
  await waitFor(() => receiver.received.length >= 1, 60_000, "a delivery in flight");
  expect(answered).toBe(0);

  child.kill("SIGTERM");
  expect(await exited).toBe(0);

  // Every request the receiver got was answered and recorded as delivered: nothing was cut off.
  const sent = new Set(receiver.received.map((r) => r.id));
  expect(answered).toBe(receiver.received.length);
  const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, include: { attempts: true } });
  const delivered = deliveries.filter((d) => sent.has(d.eventId));
  expect(delivered.length).toBe(sent.size);
  expect(delivered.every((d) => d.status === "SUCCEEDED" && d.attempts.length === 1 && d.attempts[0]!.statusCode === 200)).toBe(true);
  // The rest wait for the next worker, untouched; none is marked failed.
  const rest = deliveries.filter((d) => !sent.has(d.eventId));
  expect(rest.length).toBeGreaterThan(0);
  expect(rest.every((d) => d.status === "PENDING" && d.attempts.length === 0)).toBe(true);
  // And pg-boss has no job left "active" (taken by the stopped worker and never finished).
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'`);
    expect(rows[0].n).toBe(0);
  } finally {
    await client.end();
  }
}, 120_000);
