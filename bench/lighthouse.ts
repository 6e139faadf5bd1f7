// Lighthouse on a phone (mobile form factor, simulated slow 4G, 4× CPU slowdown: Lighthouse's defaults)
// against the production build: /login, /dashboard and /dashboard/transactions signed in as the seeded demo
// merchant, and the hosted pay page of a seeded link. Prints the median of BENCH_RUNS runs per page next to
// the targets of issue 18. Builds when there is no build (BENCH_BUILD=1 rebuilds), starts its own server on
// a scratch database (TEST_DATABASE_URL's server, else an embedded one) and seeds it with `npm run seed`.
//   npm run bench lighthouse     BENCH_RUNS=5 (default); BENCH_LIGHTHOUSE_JSON=dir keeps each report
import { spawn, spawnSync } from "node:child_process";
import { benchAppEnv, waitForHealth } from "./app";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { ensureChromium } from "../scripts/ensure-chromium";
import { serverUrl } from "../scripts/local-db";
import { sql } from "./database";
import { runBench } from "./run-bench";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const base = `http://localhost:${PORT}`;
const TSX = ["--experimental-wasm-modules", "--disable-warning=ExperimentalWarning", "--import", "tsx"];
// scripts/seed.ts's demo merchant and one of its links.
const DATABASE = "paylink_bench_lighthouse";
const DEMO = { email: "demo@example.com", password: "paylink-demo-2026", slug: "demojollof" };

type Target = { performance?: number; lcpMs?: number; tbtMs?: number; jsKiB?: number };
const DASHBOARD: Target = { lcpMs: 2000, tbtMs: 200, jsKiB: 180 };
// Signed-in pages first: /login.js, once used, asks for a CSRF cookie, which Chromium then sends in place of
// the session Cookie header Lighthouse adds (Lighthouse keeps cookies between runs).
const PAGES: { path: string; signedIn: boolean; target: Target }[] = [
  { path: "/dashboard", signedIn: true, target: DASHBOARD },
  { path: "/dashboard/transactions", signedIn: true, target: DASHBOARD },
  { path: "/login", signedIn: false, target: { lcpMs: 1200, tbtMs: 100, jsKiB: 120 } },
  { path: `/pay/${DEMO.slug}`, signedIn: false, target: { performance: 100 } },
];

type Figures = { performance: number; lcpMs: number; tbtMs: number; cls: number; jsKiB: number };

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** Signs in through next-auth's credentials endpoint, as the log-in form does; returns the Cookie header. */
async function signIn(): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email: DEMO.email, password: DEMO.password, json: "true" }),
  });
  const session = cookiesOf(res).filter((c) => c.includes("session-token"));
  if (session.length === 0) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return [...jar, ...session].join("; ");
}

function figures(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const js = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsKiB: js / 1024,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function verdict(f: Figures, t: Target): string {
  const misses = [
    t.performance !== undefined && f.performance < t.performance && `performance < ${t.performance}`,
    t.lcpMs !== undefined && f.lcpMs > t.lcpMs && `LCP > ${t.lcpMs / 1000} s`,
    t.tbtMs !== undefined && f.tbtMs > t.tbtMs && `TBT > ${t.tbtMs} ms`,
    t.jsKiB !== undefined && f.jsKiB > t.jsKiB && `JS > ${t.jsKiB} KiB`,
  ].filter(Boolean);
  return misses.length ? `MISSED: ${misses.join(", ")}` : "OK";
}

function describe(t: Target): string {
  return [
    t.performance !== undefined && `perf ${t.performance}`,
    t.lcpMs !== undefined && `LCP ≤${t.lcpMs / 1000} s`,
    t.tbtMs !== undefined && `TBT ≤${t.tbtMs} ms`,
    t.jsKiB !== undefined && `JS ≤${t.jsKiB} KiB`,
  ]
    .filter(Boolean)
    .join(", ");
}

async function main() {
  const chromePath = ensureChromium();
  // Not benchDatabase(): its in-process migration keeps holding the migration lock the seed then waits for.
  const pg = await serverUrl(
    process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL,
    path.resolve(".data/bench-postgres"),
    Number(process.env.BENCH_EMBEDDED_PG_PORT ?? 54323),
  );
  await sql(pg.url, `DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  const databaseUrl = Object.assign(new URL(pg.url), { pathname: `/${DATABASE}` }).toString();
  const env = benchAppEnv({
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    APP_URL: base,
    WORKERS: "off",
    LOG_LEVEL: "warn",
    RATE_LIMIT_SCALE: "1000",
  });
  // The seed creates and migrates the database, then fills it.
  const seeded = spawnSync(process.execPath, [...TSX, "scripts/seed.ts"], { env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`npm run seed failed: ${seeded.stderr}`);
  if (process.env.BENCH_BUILD === "1" || !fs.existsSync(".next/BUILD_ID")) {
    console.log("Building the app (npm run build)…");
    if (spawnSync("npm", ["run", "build"], { stdio: "inherit", env }).status !== 0) throw new Error("next build failed");
  } else {
    console.log(`Using the existing build of ${fs.statSync(".next/BUILD_ID").mtime.toISOString()} (BENCH_BUILD=1 rebuilds)`);
  }
  const server = spawn(process.execPath, [...TSX, "scripts/start.ts", "start"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  const keep = process.env.BENCH_LIGHTHOUSE_JSON;
  if (keep) fs.mkdirSync(keep, { recursive: true });
  try {
    await waitForHealth(base);
    const cookie = await signIn();
    const rows: string[] = [];
    for (const page of PAGES) {
      const url = `${base}${page.path}`;
      // One unmeasured load compiles and caches the route on the server, as a live server would have.
      await fetch(url, { headers: page.signedIn ? { cookie } : {} });
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          ...(page.signedIn && { extraHeaders: { Cookie: cookie } }),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        if (result.lhr.runtimeError) throw new Error(`${page.path}: ${result.lhr.runtimeError.message}`);
        if (page.signedIn && !result.lhr.finalDisplayedUrl.includes(page.path))
          throw new Error(`${page.path} redirected to ${result.lhr.finalDisplayedUrl}: not signed in`);
        if (keep) fs.writeFileSync(path.join(keep, `${page.path.replaceAll("/", "_")}-${i + 1}.json`), result.report as string);
        runs.push(figures(result.lhr));
      }
      const m: Figures = {
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        jsKiB: median(runs.map((r) => r.jsKiB)),
      };
      rows.push(
        `| ${page.path.padEnd(24)} | ${String(m.performance).padStart(4)} | ${(m.lcpMs / 1000).toFixed(1).padStart(5)} s | ${m.tbtMs.toFixed(0).padStart(5)} ms | ${m.cls.toFixed(3)} | ${m.jsKiB.toFixed(0).padStart(4)} KiB | ${describe(page.target)} | ${verdict(m, page.target)} |`,
      );
    }
    console.log(`Lighthouse ${lighthouseVersion()}, mobile, simulated slow 4G and 4× CPU, median of ${RUNS} runs per page:`);
    console.log("| page                     | perf |   LCP   |    TBT   |  CLS  |    JS    | target | |");
    console.log("|---|---|---|---|---|---|---|---|");
    console.log(rows.join("\n"));
  } finally {
    chrome.kill();
    process.kill(-server.pid!, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    if (!process.env.BENCH_KEEP) await sql(pg.url, `DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    await pg.stop();
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve("node_modules/lighthouse/package.json"), "utf8")) as { version: string };
  return pkg.version;
}

runBench(main);
