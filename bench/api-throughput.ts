// Throughput and latency of the hot API routes in production mode (`npm start` = next start), each
// beside a bare node:http + pg server doing the same SQL (bench/baseline-server.ts), in the same run.
// Prints req/s, p50, p99 for both, the throughput ratio (ours / bare) and the p99 ratio, against the
// targets: ratio >= 0.7 and p99 <= 2x the baseline's. Figures only: it never fails on them.
//   npm run bench api     BENCH_DURATION=10 (s per run) BENCH_WARMUP=3 BENCH_CONNECTIONS=10
//                          BENCH_BUILD=1 rebuilds .next first (else an existing build is used: rebuild after changes!)
//                          BENCH_ONLY=verify,webhook runs only those endpoints; WORKERS=off runs ours without in-process jobs
// Database: its own, on TEST_DATABASE_URL's server (else DATABASE_URL's, else an embedded one).
// Processor: a local fake Paystack (tests/fakes/paystack.ts) in this process, for ours and the baseline.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { benchDatabase, sql as admin } from "./database";
import { paystackWebhook, startFakePaystack } from "../tests/fakes/paystack";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASE = "paylink_bench_api";
/** Pending transactions per server for the webhook run: each request settles a different one. */
const WEBHOOK_POOL = Number(process.env.BENCH_WEBHOOK_POOL ?? 40_000);
const TSX = [...process.execArgv];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer ${url} in time`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Keeps a child's last output lines, shown if it dies. */
function tail(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n"));
    lines.splice(0, Math.max(0, lines.length - 30));
  };
  child.stderr?.on("data", keep);
  return () => lines.join("\n");
}

/** One pending Paystack charge per reference, bulk-inserted (the webhook run settles them). */
async function insertPending(url: string, merchantId: string, prefix: string, count: number) {
  await admin(
    url,
    `INSERT INTO "Transaction" (id, "merchantId", environment, reference, amount, currency, "customerEmail", processor, "updatedAt")
     SELECT gen_random_uuid(), $1, 'test', $2 || n, 500000, 'NGN', 'payer' || n || '@example.com', 'paystack', now()
     FROM generate_series(1, $3::int) AS n`,
    [merchantId, prefix, count],
  );
}

/** `floor`: not a route of ours to judge but the framework's own cost, shown for scale. */
type Endpoint = { name: string; floor?: boolean; requests: (side: "ours" | "bare") => autocannon.Request[] };
type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function measure(baseUrl: string, requests: autocannon.Request[], duration: number): Promise<Figures> {
  const result = await autocannon({ url: baseUrl, connections: CONNECTIONS, duration, requests });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function main() {
  const database = await benchDatabase(DATABASE);
  const url = database.url;

  const { db } = await import("../lib/db/client");
  const { createApiKey } = await import("../lib/auth/api-keys");
  const owner = await db.user.create({ data: { firstName: "Bench", lastName: "Mark", email: `bench.${Date.now()}@example.com`, passwordHash: "x", isEmailVerified: true } });
  const merchant = await db.merchant.create({ data: { businessName: "Bench Bakery", ownerId: owner.id, status: "active" } });
  const { secretKey } = await createApiKey(db, merchant.id, "test");
  const link = await db.paymentLink.create({ data: { merchantId: merchant.id, slug: `bench${Date.now()}`, title: "Chin chin (500 g)", amount: 250_000n, isReusable: true } });
  const paid = await db.transaction.create({
    data: { merchantId: merchant.id, reference: `BENCH-${Date.now()}-verify000`, amount: 500_000n, customerEmail: "payer@example.com", processor: "paystack", status: "COMPLETED", completedAt: new Date() },
  });
  await insertPending(url, merchant.id, "BENCH-OURS-", WEBHOOK_POOL);
  await insertPending(url, merchant.id, "BENCH-BARE-", WEBHOOK_POOL);
  await db.$disconnect();

  const paystack = await startFakePaystack({ secretKey: "sk_test_bench_paystack" });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString("base64url"),
    PAYMENT_PROCESSOR: "paystack",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.baseUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    // Every benchmark request comes from one address and one key: lift the limits (their cost stays in).
    RATE_LIMIT_SCALE: "1000000",
  };

  if (process.env.BENCH_BUILD === "1" || !fs.existsSync(".next/BUILD_ID")) {
    console.log("Building the app (npm run build)…");
    if (spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } }).status !== 0) throw new Error("next build failed");
  } else {
    console.log(`Using the existing build of ${fs.statSync(".next/BUILD_ID").mtime.toISOString()} (BENCH_BUILD=1 rebuilds)`);
  }

  const oursPort = await freePort();
  // Logs go where a production log shipper would read them; here nowhere, but they are still written.
  const ours = spawn(process.execPath, [...TSX, "scripts/start.ts", "start"], { env: { ...env, PORT: String(oursPort), APP_URL: `http://127.0.0.1:${oursPort}` }, stdio: ["ignore", "ignore", "pipe"] });
  const oursTail = tail(ours);
  const bare = spawn(process.execPath, [...TSX, path.join(import.meta.dirname, "baseline-server.ts")], { env, stdio: ["ignore", "pipe", "pipe"] });
  const bareTail = tail(bare);
  const barePort = await new Promise<number>((resolve, reject) => {
    bare.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    bare.once("exit", (code) => reject(new Error(`baseline server exited with ${code}: ${bareTail()}`)));
  });

  const auth = { authorization: `Bearer ${secretKey}`, "content-type": "application/json" };
  const initiateBody = JSON.stringify({ merchantId: merchant.id, amount: 500_000, email: "payer@example.com", firstName: "Ada", lastName: "Obi" });
  const webhookCursor = { ours: 0, bare: 0 };
  const endpoints: Endpoint[] = [
    // An unknown /api path: our wrapper's JSON 404 with no database work, against the bare 404.
    { name: "404 (floor)", floor: true, requests: () => [{ method: "GET", path: "/api/no-such-route" }] },
    { name: "initiate", requests: () => [{ method: "POST", path: "/api/transactions/initiate", headers: auth, body: initiateBody }] },
    { name: "verify", requests: () => [{ method: "GET", path: `/api/transactions/${paid.id}/verify`, headers: { authorization: auth.authorization } }] },
    { name: "link read", requests: () => [{ method: "GET", path: `/api/payment-links/${link.slug}` }] },
    {
      // Realistic traffic: every delivery settles a different pending transaction (charge.success).
      name: "webhook",
      requests: (side) => [
        {
          method: "POST",
          path: "/api/transactions/webhooks/paystack",
          setupRequest: (request) => {
            const n = (webhookCursor[side] % WEBHOOK_POOL) + 1;
            webhookCursor[side]++;
            const reference = `BENCH-${side.toUpperCase()}-${n}`;
            const data = { id: 7_000_000 + n, domain: "test", status: "success", reference, amount: 500_000, gateway_response: "Approved", paid_at: new Date().toISOString(), channel: "card", currency: "NGN", fees: 17_500, metadata: null, customer: { email: `payer${n}@example.com` } };
            const signed = paystackWebhook(paystack.secretKey, "charge.success", data);
            return { ...request, headers: signed.headers, body: signed.body };
          },
        },
      ],
    },
  ];

  const rows: string[][] = [];
  let allMet = true;
  try {
    await waitFor(`http://127.0.0.1:${oursPort}/api/health`, ours, "npm start").catch((error: Error) => {
      throw new Error(`${error.message}\n${oursTail()}`);
    });
    const targets = { ours: `http://127.0.0.1:${oursPort}`, bare: `http://127.0.0.1:${barePort}` };
    console.log(`${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s per run; ours = next start on :${oursPort}, bare = node:http + pg on :${barePort}`);
    // Both servers, PostgreSQL and autocannon share this machine: a busy one shifts every figure.
    console.log(`${availableParallelism()} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} at the start`);
    const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
    for (const endpoint of endpoints.filter((e) => !only || only.some((name) => e.name.startsWith(name)))) {
      const figures = {} as Record<"ours" | "bare", Figures>;
      for (const side of ["ours", "bare"] as const) {
        await measure(targets[side], endpoint.requests(side), WARMUP);
        figures[side] = await measure(targets[side], endpoint.requests(side), DURATION);
        if (figures[side].non2xx || figures[side].errors) console.log(`  ${endpoint.name} ${side}: ${figures[side].non2xx} non-2xx, ${figures[side].errors} errors`);
      }
      const ratio = figures.ours.rps / figures.bare.rps;
      const p99Ratio = figures.ours.p99 / Math.max(figures.bare.p99, 1);
      const met = ratio >= 0.7 && p99Ratio <= 2;
      if (!endpoint.floor) allMet &&= met;
      rows.push([
        endpoint.name,
        figures.ours.rps.toFixed(0), `${figures.ours.p50}`, `${figures.ours.p99}`,
        figures.bare.rps.toFixed(0), `${figures.bare.p50}`, `${figures.bare.p99}`,
        ratio.toFixed(2), p99Ratio.toFixed(2), endpoint.floor ? "(for scale)" : met ? "yes" : "NO",
      ]);
    }
    if (webhookCursor.ours > WEBHOOK_POOL || webhookCursor.bare > WEBHOOK_POOL) console.log("  (webhook references wrapped around: later deliveries were duplicates)");
  } finally {
    await Promise.all([stopChild(ours), stopChild(bare)]);
    await paystack.close();
    await database.close();
  }

  const header = ["endpoint", "ours req/s", "p50 ms", "p99 ms", "bare req/s", "p50 ms", "p99 ms", "ratio", "p99 ratio", "targets met"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log([line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n"));
  console.log(`load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} at the end`);
  console.log(allMet ? "OK: every ratio >= 0.7 and p99 <= 2x the baseline" : "BELOW TARGET: ratio < 0.7 or p99 > 2x the baseline on some endpoint");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
