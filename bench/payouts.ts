// How long the daily payout sync takes as subaccounts grow (issue 23, finding 10): N subaccounts,
// each with one settlement at a fake Paystack on loopback; the cron run queues one job per
// subaccount and the workers of this one process read and record them all. Prints the time per
// size, how it grows, and what the default pace (SETTLEMENT_READS_PER_SECOND=5) would make of it.
// Uses TEST_DATABASE_URL or DATABASE_URL (a scratch database is created and dropped) or an embedded
// server. `npm run bench payouts`; BENCH_PAYOUT_SIZES=1000,5000,10000 to choose the sizes.
import { benchDatabase, sql } from "./database";
import { runBench } from "./run-bench";

const SIZES = (process.env.BENCH_PAYOUT_SIZES ?? "1000,5000,10000").split(",").map(Number);
const DEFAULT_READS_PER_SECOND = 5;

async function main() {
  const database = await benchDatabase("paylink_bench_payouts");
  process.env.LOG_LEVEL ??= "warn";
  process.env.AUTH_SECRET ??= "bench-auth-secret-that-is-long-enough-0123456789";
  const { startFakePaystack } = await import("../tests/fakes/paystack");
  const fake = await startFakePaystack();
  // The fake has no limit: this measures our side. The projection below applies the default pace.
  Object.assign(process.env, {
    PAYMENT_PROCESSOR: "paystack",
    PAYSTACK_SECRET_KEY: fake.secretKey,
    PAYSTACK_BASE_URL: fake.baseUrl,
    SETTLEMENT_READS_PER_SECOND: "100000",
  });

  try {
    const { db } = await import("../lib/db/client");
    const { queuePayoutSync } = await import("../lib/payouts/sync");
    const { startWorkers, stopWorkers } = await import("../lib/jobs/boss");
    const { JOBS } = await import("../lib/jobs/registry");
    const { createMerchantOwner } = await import("../tests/helpers/factories");
    const { user } = await createMerchantOwner({ businessName: "Bench Owner" });
    const queue = JOBS.syncSubaccountPayouts.name;

    // Workers run all the time in production: start them (and pg-boss's schema) before timing.
    await startWorkers();
    const rows: { size: number; seconds: number; calls: number }[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      // Grow to `size` subaccounts (a merchant each), each with one settlement at the fake.
      await sql(
        database.url,
        `WITH m AS (
           INSERT INTO "Merchant" (id, "businessName", "ownerId", "updatedAt")
           SELECT gen_random_uuid(), 'Bench ' || g, $1, now() FROM generate_series($2::int + 1, $3::int) g RETURNING id
         )
         INSERT INTO "ProcessorSubaccount" (id, "merchantId", processor, environment, code, "updatedAt")
         SELECT gen_random_uuid(), m.id, 'paystack', 'test', 'ACCT_bench_' || replace(m.id::text, '-', ''), now() FROM m`,
        [user.id, seeded, size],
      );
      const codes = await db.processorSubaccount.findMany({ where: { code: { startsWith: "ACCT_bench_" } }, select: { code: true } });
      const settled = new Set(fake.settlements.map((s) => s.subaccount));
      for (const { code } of codes) {
        if (settled.has(code)) continue;
        fake.addSettlement({
          subaccount: code,
          references: [],
          total_processed: 100_000,
          total_fees: 1_500,
          domain: "test",
          settlement_bank: "Guaranty Trust Bank",
          account_number: "0001234567",
        });
      }
      seeded = size;
      // Each size does the same work per subaccount: no payouts yet, no jobs left.
      await db.payout.deleteMany({});
      await sql(database.url, `DELETE FROM pgboss.job WHERE name = $1`, [queue]).catch(() => undefined);

      const before = fake.requests.length;
      const started = performance.now();
      await queuePayoutSync();
      while ((await db.payout.count()) < size) {
        if (performance.now() - started > 600_000) throw new Error(`${size} subaccounts: not done after 10 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const seconds = (performance.now() - started) / 1000;
      const failed = await sql(database.url, `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state <> 'completed'`, [queue]);
      rows.push({ size, seconds, calls: fake.requests.length - before });
      console.log(
        `${size} subaccounts: ${seconds.toFixed(1)} s (${(size / seconds).toFixed(0)}/s), ${fake.requests.length - before} processor calls, ${failed.rows[0].n} jobs not completed`,
      );
    }

    console.log("\nsubaccounts | seconds | per subaccount | growth vs first | at the default pace (5 reads/s per processor and mode)");
    const first = rows[0]!;
    for (const row of rows) {
      const paced = row.calls / DEFAULT_READS_PER_SECOND;
      console.log(
        `${String(row.size).padStart(11)} | ${row.seconds.toFixed(1).padStart(7)} | ${((row.seconds / row.size) * 1000).toFixed(2).padStart(11)} ms | ${(row.seconds / first.seconds).toFixed(1).padStart(14)}x | ${(paced / 60).toFixed(0)} min`,
      );
    }
    await stopWorkers();
    await db.$disconnect();
  } finally {
    await fake.close();
    await database.close();
  }
}

runBench(main);
