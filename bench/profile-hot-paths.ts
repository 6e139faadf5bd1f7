// CPU profiles of the production server on the four hot routes: for each, a fresh `node --cpu-prof`
// process of scripts/server.ts (the API lane over the build; `npm run build` first) under autocannon
// load (after its start-up and a 2 s warm-up, which the summary leaves out), then the top functions by
// self time and the share per package. Profiles are kept in
// .data/profiles/<endpoint>.cpuprofile (open in Chrome DevTools).
//   npm run bench profile    BENCH_DURATION=5 (s per endpoint) BENCH_CONNECTIONS=32 BENCH_ONLY=verify,webhook BENCH_TOP=15
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { benchAppEnv } from "./app";
import { benchDatabase } from "./database";
import { hotEndpoints, seedHotPaths } from "./hot-fixture";
import { startFakePaystack } from "../tests/fakes/paystack";
import { runBench } from "./run-bench";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TOP = Number(process.env.BENCH_TOP ?? 15);
const OUT = path.resolve(".data/profiles");
const PORT = Number(process.env.BENCH_PORT ?? 3330);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives: a node_modules package, our own file, or node itself. */
function owner(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith("node:") || url === "") return "(node / V8)";
  return "(ours)";
}

/** Self time per node, counting only samples taken `skipMs` or more after the profile began (the start-up and warm-up are not requests). */
function summarize(profile: Profile, skipMs: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    elapsed += profile.timeDeltas[i] ?? 0;
    if (elapsed >= skipMs * 1000) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
    const name = `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    packages.set(owner(url), (packages.get(owner(url)) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
  return [`by package:`, ...top(packages, 10), `top ${TOP} functions by self time:`, ...top(functions, TOP)].join("\n");
}

async function main() {
  const database = await benchDatabase("paylink_bench_profile");
  const fixture = await seedHotPaths(database.url, ["profile"]);
  const paystack = await startFakePaystack({ secretKey: "sk_test_bench_paystack" });
  const env = benchAppEnv({
    DATABASE_URL: database.url,
    PAYMENT_PROCESSOR: "paystack",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.baseUrl,
    PORT: String(PORT),
    APP_URL: `http://127.0.0.1:${PORT}`,
    RATE_LIMIT_SCALE: "1000000",
    // The profile is of requests; background jobs would only add noise.
    WORKERS: "off",
  });
  if (!fs.existsSync(".next/api-routes.json")) throw new Error("No production build: run npm run build first");
  fs.mkdirSync(OUT, { recursive: true });
  const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
  const endpoints = hotEndpoints(fixture, paystack.secretKey, {}).filter((e) => !e.floor && (!only || only.some((name) => e.name.startsWith(name))));
  try {
    for (const endpoint of endpoints) {
      const dir = fs.mkdtempSync(path.join(OUT, "run-"));
      const spawned = Date.now();
      const server = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...process.execArgv, path.resolve("scripts/server.ts")], {
        env,
        stdio: ["ignore", "pipe", "inherit"],
      });
      await new Promise<void>((resolve, reject) => {
        server.stdout!.on("data", (chunk: Buffer) => {
          if (/Ready on/.test(chunk.toString())) resolve();
        });
        server.once("exit", (code) => reject(new Error(`scripts/server.ts exited with ${code}`)));
      });
      const started = Date.now();
      await autocannon({ url: `http://127.0.0.1:${PORT}`, connections: CONNECTIONS, duration: 2, requests: endpoint.requests("profile") });
      const result = await autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: endpoint.requests("profile"),
      });
      await new Promise((resolve) => {
        server.once("exit", resolve);
        server.kill("SIGTERM");
      });
      const file = fs.readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
      if (!file) throw new Error(`no profile written for ${endpoint.name}`);
      const target = path.join(OUT, `${endpoint.name.replaceAll(" ", "-")}.cpuprofile`);
      fs.renameSync(path.join(dir, file), target);
      fs.rmSync(dir, { recursive: true, force: true });
      console.log(
        `\n== ${endpoint.name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx (${path.relative(process.cwd(), target)})`,
      );
      console.log(summarize(JSON.parse(fs.readFileSync(target, "utf8")) as Profile, started + 2_000 - spawned));
    }
  } finally {
    await paystack.close();
    await database.close();
  }
}

runBench(main);
