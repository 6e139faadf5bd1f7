// Latency and throughput of the hot API routes on the production server (`npm start`, however README
// says to run it), each beside the same SQL served two other ways (bench/next-floor/same-sql.ts):
//   bare  = node:http + pg (bench/baseline-server.ts): what the SQL costs with nothing around it;
//   floor = one Next.js App Router route handler (bench/next-floor, built into .data/next-floor):
//           the framework's own cost. Neither is shipped in the product.
// Per endpoint and side: latency at a fixed realistic rate (autocannon overallRate, p50/p99) and
// throughput with 32 connections. Targets (issue 17): ours >= 0.4x bare and >= 2x BEFORE req/s with
// 32 connections; at 100 req/s p99 <= 3x bare's. Figures only: it never fails on them.
//   npm run bench api     BENCH_DURATION=5 (s per run) BENCH_WARMUP=2 BENCH_CONNECTIONS=32 BENCH_RATE=100
//                          BENCH_BUILD=1 rebuilds .next and the floor app first (else existing builds are used: rebuild after changes!)
//                          BENCH_ONLY=verify,webhook runs only those endpoints; WORKERS=off runs ours without in-process jobs
// Database: its own, on TEST_DATABASE_URL's server (else DATABASE_URL's, else an embedded one).
// Processor: a local fake Paystack (tests/fakes/paystack.ts) in this process, for every side.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { benchDatabase } from "./database";
import { benchAppEnv } from "./app";
import { hotEndpoints, seedHotPaths, WEBHOOK_POOL } from "./hot-fixture";
import { startFakePaystack } from "../tests/fakes/paystack";
import { runBench } from "./run-bench";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DATABASE = "paylink_bench_api";
const TSX = [...process.execArgv];
const NEXT = path.resolve("node_modules/.bin/next");
/** Requests per second for the latency runs: a realistic steady load, far below any side's capacity. */
const RATE = Number(process.env.BENCH_RATE ?? 100);
/**
 * Our req/s with 32 connections before the API lane: `next start` on commit eb7f780 (which already had
 * the batched link visits and the raw hot reads), this bench's run of 2026-11-25 05:53 UTC on the
 * quiet 2-core machine (load average 1.2 at the start, 2.5 at the end; bare served 1,509-10,116
 * req/s). The "ours/before" column is judged against these: rerun that commit for a fair pair elsewhere.
 */
const BEFORE: Record<string, number> = { initiate: 387, verify: 980, "link read": 1405, webhook: 234 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 120_000, anyAnswer = false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok || anyAnswer,
      () => false,
    );
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

type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number };
type Side = "ours" | "floor" | "bare";
const SIDES: Side[] = ["ours", "floor", "bare"];

async function measure(baseUrl: string, requests: autocannon.Request[], duration: number, rate?: number): Promise<Figures> {
  // At a fixed rate, enough connections that none waits for another's answer: latency is then what one user sees.
  const result = await autocannon({ url: baseUrl, connections: rate ? 10 : CONNECTIONS, duration, requests, ...(rate && { overallRate: rate }) });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Builds the framework-floor app (bench/next-floor) in .data/next-floor, once (or again with BENCH_BUILD=1). */
function buildFloor(env: NodeJS.ProcessEnv): string {
  const dir = path.resolve(".data/next-floor");
  if (process.env.BENCH_BUILD === "1" || !fs.existsSync(path.join(dir, ".next/BUILD_ID"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(path.join(import.meta.dirname, "next-floor"), dir, { recursive: true });
    console.log("Building the framework-floor app (bench/next-floor)…");
    if (spawnSync(NEXT, ["build"], { cwd: dir, stdio: "inherit", env }).status !== 0) throw new Error("next build of bench/next-floor failed");
  }
  return dir;
}

async function main() {
  const database = await benchDatabase(DATABASE);
  const url = database.url;

  const fixture = await seedHotPaths(url, SIDES);
  const paystack = await startFakePaystack({ secretKey: "sk_test_bench_paystack" });
  const env = benchAppEnv({
    DATABASE_URL: url,
    PAYMENT_PROCESSOR: "paystack",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.baseUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    // Every benchmark request comes from one address and one key: lift the limits (their cost stays in).
    RATE_LIMIT_SCALE: "1000000",
  });

  if (process.env.BENCH_BUILD === "1" || !fs.existsSync(".next/BUILD_ID")) {
    console.log("Building the app (npm run build)…");
    if (spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } }).status !== 0) throw new Error("next build failed");
  } else {
    console.log(`Using the existing build of ${fs.statSync(".next/BUILD_ID").mtime.toISOString()} (BENCH_BUILD=1 rebuilds)`);
  }

  const oursPort = await freePort();
  // Logs go where a production log shipper would read them; here nowhere, but they are still written.
  const ours = spawn(process.execPath, [...TSX, "scripts/start.ts", "start"], {
    env: { ...env, PORT: String(oursPort), APP_URL: `http://127.0.0.1:${oursPort}` },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const oursTail = tail(ours);
  const started = (child: ChildProcess, what: string) =>
    new Promise<number>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`${what} exited with ${code}`)));
    });
  const bare = spawn(process.execPath, [...TSX, path.join(import.meta.dirname, "baseline-server.ts")], { env, stdio: ["ignore", "pipe", "pipe"] });
  const bareTail = tail(bare);
  const barePort = await started(bare, "baseline server").catch((error: Error) => {
    throw new Error(`${error.message}: ${bareTail()}`);
  });
  const floorPort = await freePort();
  const floor = spawn(NEXT, ["start", "-p", String(floorPort), "-H", "127.0.0.1"], { cwd: buildFloor(env), env, stdio: ["ignore", "ignore", "pipe"] });
  const floorTail = tail(floor);

  const webhookCursor: Record<Side, number> = { ours: 0, floor: 0, bare: 0 };
  const endpoints = hotEndpoints(fixture, paystack.secretKey, webhookCursor);

  type Row = { name: string; floor: boolean; rate: Record<Side, Figures>; load: Record<Side, Figures> };
  const results: Row[] = [];
  try {
    await waitFor(`http://127.0.0.1:${oursPort}/api/health`, ours, "npm start").catch((error: Error) => {
      throw new Error(`${error.message}\n${oursTail()}`);
    });
    await waitFor(`http://127.0.0.1:${floorPort}/api/transactions/initiate`, floor, "next floor", 120_000, true).catch((error: Error) => {
      throw new Error(`${error.message}\n${floorTail()}`);
    });
    const targets: Record<Side, string> = {
      ours: `http://127.0.0.1:${oursPort}`,
      floor: `http://127.0.0.1:${floorPort}`,
      bare: `http://127.0.0.1:${barePort}`,
    };
    console.log(`ours = npm start on :${oursPort}, floor = bench/next-floor (next start) on :${floorPort}, bare = node:http + pg on :${barePort}`);
    console.log(
      `Per endpoint and side: ${WARMUP} s warm-up, ${DURATION} s at ${RATE} req/s (latency), ${DURATION} s with ${CONNECTIONS} connections (throughput)`,
    );
    // The servers, PostgreSQL and autocannon share this machine: a busy one shifts every figure.
    console.log(
      `${availableParallelism()} cores, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")} at the start`,
    );
    const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
    for (const endpoint of endpoints.filter((e) => !only || only.some((name) => e.name.startsWith(name)))) {
      const row: Row = { name: endpoint.name, floor: !!endpoint.floor, rate: {} as Record<Side, Figures>, load: {} as Record<Side, Figures> };
      for (const side of SIDES) {
        await measure(targets[side], endpoint.requests(side), WARMUP);
        row.rate[side] = await measure(targets[side], endpoint.requests(side), DURATION, RATE);
        row.load[side] = await measure(targets[side], endpoint.requests(side), DURATION);
        for (const figures of [row.rate[side], row.load[side]]) {
          if ((figures.non2xx && !endpoint.floor) || figures.errors)
            console.log(`  ${endpoint.name} ${side}: ${figures.non2xx} non-2xx, ${figures.errors} errors`);
        }
      }
      results.push(row);
      console.log(`  ${endpoint.name}: ${SIDES.map((side) => `${side} ${row.load[side].rps.toFixed(0)} req/s`).join(", ")}`);
    }
    if (Object.values(webhookCursor).some((n) => n > WEBHOOK_POOL)) console.log("  (webhook references wrapped around: later deliveries were duplicates)");
  } finally {
    await Promise.all([stopChild(ours), stopChild(floor), stopChild(bare)]);
    await paystack.close();
    await database.close();
  }

  let allMet = true;
  const rows = results.map(({ name, floor: isFloor, rate, load }) => {
    const ratio = load.ours.rps / load.bare.rps;
    const before = BEFORE[name];
    const gain = before ? load.ours.rps / before : undefined;
    const p99Ratio = rate.ours.p99 / Math.max(rate.bare.p99, 1);
    const met = ratio >= 0.4 && (gain === undefined || gain >= 2) && p99Ratio <= 3;
    if (!isFloor) allMet &&= met;
    return [
      name,
      ...SIDES.map((side) => load[side].rps.toFixed(0)),
      ratio.toFixed(2),
      (load.floor.rps / load.bare.rps).toFixed(2),
      gain === undefined ? "-" : gain.toFixed(2),
      ...SIDES.map((side) => `${rate[side].p50}/${rate[side].p99}`),
      p99Ratio.toFixed(2),
      isFloor ? "(for scale)" : met ? "yes" : "NO",
    ];
  });
  const header = [
    "endpoint",
    `ours req/s @${CONNECTIONS}`,
    "floor req/s",
    "bare req/s",
    "ours/bare",
    "floor/bare",
    "ours/before",
    `ours p50/p99 ms @${RATE}/s`,
    "floor p50/p99",
    "bare p50/p99",
    "p99 ours/bare",
    "targets met",
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log([line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n"));
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} at the end`,
  );
  console.log(`Targets: ours/bare >= 0.4 and ours/before >= 2 with ${CONNECTIONS} connections; at ${RATE} req/s p99 <= 3x bare's`);
  console.log(allMet ? "OK: every hot endpoint meets the targets" : "BELOW TARGET on some endpoint (see the table)");
  fs.mkdirSync(".data", { recursive: true });
  fs.writeFileSync(
    ".data/bench-api.json",
    JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, rate: RATE, duration: DURATION, results }, null, 2),
  );
}

runBench(main);
