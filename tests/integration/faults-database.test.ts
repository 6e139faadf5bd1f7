// Fault: the database stops under traffic and comes back.
// Proves: while it is down, API requests answer 503 `Service temporarily unavailable` with
// Retry-After (never a 500, never a hang), the hosted pages render their "try again" page with 503,
// their pay forms send the customer back with a message, and processor webhooks get 503 (so the processor retries); once it is back, the same process and
// the same database client serve requests again, with no restart.
// It runs its own embedded PostgreSQL (on FAULTS_PG_PORT, else a free port): the machine's shared
// server is never stopped.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startWorkers, stopWorkers } from "@/lib/jobs/boss";
import { reconcilePending } from "@/lib/payments/reconcile";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from "@/lib/db/embedded";
import * as healthRoute from "@/app/api/health/route";
import * as transactionsRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as checkoutRoute from "@/app/pay/[slug]/checkout/route";
import { getServerSideProps as payPageProps } from "@/pages/pay/[slug]";
import { call, type CallResult } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, pendingPayment, postWebhook, sandboxEvent } from "../helpers/payments";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { createTestEndpoint, recordEvents, waitFor } from "../helpers/webhooks";
import { insertLink } from "../helpers/rows";

const DATA_DIR = ".data/faults-postgres";
let port = Number(process.env.FAULTS_PG_PORT ?? 0);
let server: EmbeddedServer | undefined;
let receiver: Receiver;

beforeAll(async () => {
  // A fresh cluster each run, so nothing from an earlier run (or a crashed one) is reused.
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  port ||= await freePort();
  server = await startEmbeddedPostgres(DATA_DIR, port);
  await ensureDatabase(server.url("postgres"), "paylink");
  const url = server.url("paylink");
  const migrate = spawnSync(
    process.execPath,
    ["--experimental-wasm-modules", "--disable-warning=ExperimentalWarning", "--import", "tsx", "scripts/db.ts", "migrate"],
    {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    },
  );
  if (migrate.status !== 0) throw new Error(`Migrating the fault database failed:\n${migrate.stderr}`);
  // The app's client is made on first use, from this.
  process.env.DATABASE_URL = url;
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  receiver = await startReceiver();
});

afterAll(async () => {
  await stopWorkers();
  await receiver?.close();
  await db.$disconnect();
  await server?.stop();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

/** A port nothing listens on now, so parallel checkouts running this file never collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
    probe.once("error", reject);
  });
}

type Sample = { kind: string; started: number; ms: number; status: number; message: unknown; retryAfter: string | null };

/** Requests already on their way when the database came back may still fail: one per loop. */
const KINDS_IN_FLIGHT = 3;
/** lib/db/client.ts gives up connecting after 5 s; an answer may take that long, never longer. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Requests of three kinds, fired back to back by a few loops until stopped. */
function traffic(merchantId: string, secretKey: string) {
  const samples: Sample[] = [];
  let running = true;
  const kinds: Record<string, () => Promise<CallResult>> = {
    health: () => call(healthRoute.GET, { path: "/api/health" }),
    list: () => call(transactionsRoute.GET, { path: `/api/merchants/${merchantId}/transactions`, params: { merchantId }, token: secretKey }),
    initiate: () => initiate(paymentBody(merchantId), { key: secretKey }),
  };
  const loops = Object.entries(kinds).map(async ([kind, request]) => {
    while (running) {
      const started = Date.now();
      const res = await request();
      samples.push({ kind, started, ms: Date.now() - started, status: res.status, message: res.body?.message, retryAfter: res.headers.get("retry-after") });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

it("answers 503 with Retry-After while the database is down and recovers when it is back, without a restart", async () => {
  const owner = await createMerchantOwner();
  const link = await insertLink({ merchantId: owner.merchant.id, title: "Jollof", amount: 500_000n });
  const endpoint = await createTestEndpoint(owner.merchant.id, `${receiver.url}/after-outage`);
  receiver.secrets.set("/after-outage", endpoint.secretKey);
  const clientBefore = (globalThis as { __db?: unknown }).__db;
  expect(clientBefore).toBeDefined();
  await startWorkers();

  const load = traffic(owner.merchant.id, owner.secretKey);
  try {
    await waitFor(() => load.samples.filter((s) => s.status < 300).length >= 15, 20_000, "requests to succeed before the outage");
    expect(load.samples.every((s) => s.status < 300)).toBe(true);

    await server!.stop();
    const down = Date.now();
    await waitFor(() => load.samples.filter((s) => s.started > down).length >= 15, 30_000, "requests during the outage");

    // Requests made during the outage, and the other entry points, while it still lasts.
    const health = await call(healthRoute.GET, { path: "/api/health" });
    expect(health.status).toBe(503);
    const webhook = await postWebhook("sandbox", sandboxEvent("PL_does_not_matter"));
    expect(webhook.status).toBe(503);
    const page = await renderPayPage(link.slug);
    expect(page.statusCode).toBe(503);
    expect(page.headers["retry-after"]).toBe("5");
    expect(page.result).toEqual({ props: { unavailable: true } });
    // The pay form's POST sends the customer back to the page with a message, not to a crash page.
    const form = new FormData();
    form.set("email", "customer@example.com");
    form.set("name", "Chidi Okafor");
    const checkout = await checkoutRoute.POST(new Request(`http://localhost:3000/pay/${link.slug}/checkout`, { method: "POST", body: form }), {
      params: Promise.resolve({ slug: link.slug }),
    });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get("location")).toBe(`/pay/${link.slug}`);
    expect(checkout.headers.get("set-cookie")).toContain("paylink_checkout=");

    const during = load.samples.filter((s) => s.started > down);
    expect(during.map((s) => s.status)).toEqual(during.map(() => 503));
    for (const sample of during) {
      expect(sample.message).toBe(sample.kind === "health" ? "Database unavailable" : "Service temporarily unavailable. Please retry.");
      expect(sample.retryAfter).toBe("5");
      // Answered, not hung: a refused connection fails at once, a silent one at the connect timeout.
      expect(sample.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
    }

    server = await startEmbeddedPostgres(DATA_DIR, port);
    const up = Date.now();
    await waitFor(() => load.samples.filter((s) => s.started > up && s.status < 300).length >= 15, 30_000, "requests to succeed after the restart");
    // Once one request of each kind succeeds again, the rest do too.
    const after = load.samples.filter((s) => s.started > up);
    const firstOk = after.findIndex((s) => s.status < 300);
    expect(after.slice(firstOk + KINDS_IN_FLIGHT).every((s) => s.status < 300)).toBe(true);
  } finally {
    await load.stop();
  }
  // Not even the requests caught in flight while the server shut down got a 500.
  expect(load.samples.filter((s) => s.status >= 300 && s.status !== 503)).toEqual([]);
  // The same client: the pool reconnected by itself.
  expect((globalThis as { __db?: unknown }).__db).toBe(clientBefore);
  expect((await call(healthRoute.GET, { path: "/api/health" })).status).toBe(200);
  // The workers started before the outage still run: new events reach the receiver.
  const events = await recordEvents(owner.merchant.id, 5);
  await waitFor(
    () => events.every((id) => receiver.received.some((r) => r.id === id && r.verified)),
    30_000,
    "events recorded after the outage to be delivered",
  );
}, 120_000);

it("fails, after 10 minutes, a payment whose initiation the outage cut short (stored, but the processor's answer not)", async () => {
  // The state an outage between initiation's two writes leaves: PENDING, no authorization URL.
  // Nobody was ever given a URL to pay it at, so it cannot have been paid.
  const { owner, reference } = await pendingPayment();
  const cutShort = await db.transaction.update({ where: { reference }, data: { authorizationUrl: null, accessCode: null } });
  const healthy = (await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey })).body.reference as string;
  const elevenMinutesAgo = new Date(Date.now() - 11 * 60 * 1000);
  await db.transaction.updateMany({ where: { reference: { in: [reference, healthy] } }, data: { createdAt: elevenMinutesAgo } });

  const result = await reconcilePending();
  expect(result.outcomes.unstarted).toBe(1);
  expect(await db.transaction.findUniqueOrThrow({ where: { id: cutShort.id } })).toMatchObject({
    status: "FAILED",
    failureReason: "Initialization did not complete",
  });
  // A payment that did start is asked about, not failed (the sandbox says it is still open).
  expect((await db.transaction.findUniqueOrThrow({ where: { reference: healthy } })).status).toBe("PENDING");
});

async function renderPayPage(slug: string) {
  const headers: Record<string, string> = {};
  const res = {
    statusCode: 200,
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
  };
  const result = await payPageProps({ params: { slug }, req: { cookies: {} }, res, query: {}, resolvedUrl: `/pay/${slug}` } as unknown as Parameters<
    typeof payPageProps
  >[0]);
  return { statusCode: res.statusCode, headers, result };
}
