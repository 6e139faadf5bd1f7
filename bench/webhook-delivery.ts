// How many webhook deliveries per second one worker sustains to a fast local HTTPS receiver.
// Uses TEST_DATABASE_URL or DATABASE_URL (any PostgreSQL server; a scratch database is created and
// dropped) or an embedded server. Run with `npm run bench`.
import { benchDatabase } from "./database";
import { runBench } from "./run-bench";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);

async function main() {
  const database = await benchDatabase("paylink_bench_webhooks");
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  process.env.LOG_LEVEL ??= "warn";
  process.env.AUTH_SECRET ??= "bench-auth-secret-that-is-long-enough-0123456789";

  try {
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
    await database.close();
  }
}

runBench(main);
