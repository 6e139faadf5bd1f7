// How many webhook deliveries per second one worker sustains to a fast local HTTPS receiver.
// Uses TEST_DATABASE_URL or DATABASE_URL (any PostgreSQL server; a scratch database is created and
// dropped) or an embedded server. Run with `npm run bench`.
import { randomBytes } from "node:crypto";
import pg from "pg";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);

async function main() {
  const { startEmbeddedPostgres } = await import("../lib/db/embedded");
  let serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const embedded = serverUrl ? undefined : await startEmbeddedPostgres(".data/bench-postgres", 54329);
  serverUrl ??= embedded!.url("postgres");
  const database = `paylink_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  process.env.LOG_LEVEL ??= "warn";
  process.env.AUTH_SECRET ??= "bench-auth-secret-that-is-long-enough-0123456789";

  try {
    const { applyMigrations } = await import("../lib/db/migrations");
    await applyMigrations(process.env.DATABASE_URL);
    const { db } = await import("../lib/db/client");
    const { startReceiver } = await import("../tests/helpers/webhook-receiver");
    const { createTestEndpoint, recordEvents, waitFor } = await import("../tests/helpers/webhooks");
    const { startWorkers, stopWorkers } = await import("../lib/jobs/boss");

    const receiver = await startReceiver();
    const { createMerchantOwner } = await import("../tests/helpers/factories");
    const { merchant } = await createMerchantOwner({ businessName: "Bench Ltd" });
    const endpoint = await createTestEndpoint(merchant.id, `${receiver.url}/bench`);
    receiver.secrets.set("/bench", endpoint.secretKey);
    const ids = await recordEvents(merchant.id, EVENTS);

    await startWorkers();
    // pg-boss's first start creates its schema: time from the first delivery on, the steady state.
    await waitFor(() => receiver.received.length > 0, 60_000, "the first delivery");
    const started = performance.now();
    const first = receiver.received.length;
    const want = new Set(ids);
    await waitFor(async () => (await db.webhookDelivery.count({ where: { status: "SUCCEEDED" } })) >= EVENTS, 300_000, "every delivery");
    const seconds = (performance.now() - started) / 1000;
    const verified = receiver.received.filter((r) => want.has(r.id) && r.verified).length;
    await stopWorkers();
    await receiver.close();
    await db.$disconnect();

    console.log(`webhook deliveries: ${EVENTS} events, ${verified} verified by the receiver`);
    console.log(`one worker: ${((EVENTS - first) / seconds).toFixed(0)} deliveries/second (${EVENTS - first} deliveries in ${seconds.toFixed(2)} s)`);
    if (verified < EVENTS) process.exitCode = 1;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
