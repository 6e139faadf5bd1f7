// Server time of the dashboard overview for a merchant with 100,000 transactions: builds a database
// of its own (on TEST_DATABASE_URL's server, else an embedded one), bulk-inserts a year of payments,
// then times lib/reports/overview getOverview() for each interval (warm-up, then the median of N runs).
//   npm run bench overview    BENCH_ROWS=100000 BENCH_RUNS=15 (defaults); BENCH_EXPLAIN=1 prints a plan; BENCH_KEEP=1 keeps the database
import { benchDatabase, sql as admin } from "./database";
import { runBench } from "./run-bench";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DATABASE = "paylink_bench_overview";
const TARGET_MS = 200;

/**
 * One INSERT … SELECT FROM generate_series per merchant: a true bulk load (Prisma's createMany spends
 * minutes serialising 100,000 rows here). Statuses 78% paid, 10% failed, 5% cancelled, 4% pending, 3% refunded.
 */
async function bulkInsert(url: string, merchantId: string, environment: string, count: number, linkIds: string[]) {
  await admin(
    url,
    `INSERT INTO "Transaction" (id, "merchantId", environment, reference, amount, fee, status, channel, "customerEmail", processor, "refundedAmount", "paymentLinkId", "createdAt", "updatedAt", "completedAt")
     SELECT gen_random_uuid(), '${merchantId}', '${environment}', 'BENCH-' || md5(random()::text) || '-' || n,
            a.amount, a.amount * 15 / 1000, s.status::"TransactionStatus", (ARRAY['card','bank_transfer','ussd'])[1 + (n % 3)],
            'customer' || (n % 5000) || '@example.com', 'sandbox', CASE WHEN s.status = 'REFUNDED' THEN a.amount ELSE 0 END,
            ${linkIds.length ? `CASE WHEN random() < 0.4 THEN (ARRAY[${linkIds.map((id) => `'${id}'::uuid`).join(",")}])[1 + (n % ${linkIds.length})] END` : "NULL"},
            t.at, t.at, CASE WHEN s.status IN ('COMPLETED', 'REFUNDED') THEN t.at + interval '45 seconds' END
     FROM generate_series(1, ${count}) AS n,
          LATERAL (SELECT (now() AT TIME ZONE 'UTC') - random() * interval '365 days' + n * interval '0 second' AS at) t,
          LATERAL (SELECT ((ARRAY[150000, 250000, 500000, 1000000, 2500000, 7500000, 15000000])[1 + floor(random() * 7)::int] + n * 0)::bigint AS amount) a,
          LATERAL (SELECT CASE WHEN r < 0.78 THEN 'COMPLETED' WHEN r < 0.88 THEN 'FAILED' WHEN r < 0.93 THEN 'CANCELLED' WHEN r < 0.97 THEN 'PENDING' ELSE 'REFUNDED' END AS status
                   FROM (SELECT random() + n * 0 AS r) x) s`,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const database = await benchDatabase(DATABASE);
  const url = database.url;

  const { db } = await import("../lib/db/client");
  const { getOverview, OVERVIEW_INTERVALS } = await import("../lib/reports/overview");
  try {
    const owner = await db.user.create({
      data: { firstName: "Bench", lastName: "Mark", email: `bench.${Date.now()}@example.com`, passwordHash: "x", isEmailVerified: true },
    });
    const merchant = await db.merchant.create({ data: { businessName: "Bench Bakery", ownerId: owner.id, status: "active" } });
    const links = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.paymentLink.create({ data: { merchantId: merchant.id, slug: `bench${Date.now()}x${i}`, title: `Product ${i + 1}`, isReusable: true } }),
      ),
    );
    // Another merchant's rows and the same merchant's live rows: the queries must skip them cheaply.
    const other = await db.merchant.create({ data: { businessName: "Noise Ltd", ownerId: owner.id } });
    const now = new Date();
    const yearAgo = new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000);
    const started = performance.now();
    await bulkInsert(
      url,
      merchant.id,
      "test",
      ROWS,
      links.map((l) => l.id),
    );
    await bulkInsert(url, merchant.id, "live", ROWS / 10, []);
    await bulkInsert(url, other.id, "test", ROWS / 2, []);
    console.log(
      `Inserted ${ROWS.toLocaleString("en")} transactions for the merchant (+${(ROWS / 10 + ROWS / 2).toLocaleString("en")} others) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await admin(url, `VACUUM ANALYZE "Transaction"`); // what autovacuum does after a bulk load

    if (process.env.BENCH_EXPLAIN) {
      const plan = await admin(
        url,
        `EXPLAIN (ANALYZE, BUFFERS) SELECT date_trunc('month', ("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Africa/Lagos'), count(*) FILTER (WHERE status = 'COMPLETED'), sum(amount) FROM "Transaction" WHERE "merchantId" = '${merchant.id}' AND environment = 'test' AND "createdAt" >= '${yearAgo.toISOString()}' GROUP BY 1`,
      );
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
    }

    const scope = { merchantId: merchant.id, environment: "test" as const };
    const results: string[] = [];
    let worst = 0;
    for (const interval of OVERVIEW_INTERVALS) {
      for (let i = 0; i < 3; i++) await getOverview(scope, interval);
      const times: number[] = [];
      let covered = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const overview = await getOverview(scope, interval);
        times.push(performance.now() - t0);
        covered = overview.series.reduce((n, p) => n + p.count, 0);
      }
      const ms = median(times);
      worst = Math.max(worst, ms);
      results.push(
        `  interval=${interval.padEnd(5)}  median ${ms.toFixed(1)} ms  (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}; ${covered.toLocaleString("en")} paid transactions in range)`,
      );
    }
    console.log(`Overview server time, merchant with ${ROWS.toLocaleString("en")} transactions, median of ${RUNS} runs:`);
    console.log(results.join("\n"));
    console.log(worst < TARGET_MS ? `OK: under the ${TARGET_MS} ms target` : `SLOW: over the ${TARGET_MS} ms target`);
  } finally {
    await db.$disconnect();
    await database.close();
  }
}

runBench(main);
