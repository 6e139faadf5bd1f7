// Prints the JavaScript (and total bytes) a browser transfers to load /pay/{slug}, as it loads it:
// the production build served by `npm start`, measured in Chromium. Target: ≤ 100 KB gzip of JS.
//   npm run bench            (all benchmarks)
//   node --import tsx bench/pay-page-js.ts
import { spawn, execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { waitForHealth } from "./app";
import { runBench } from "./run-bench";

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://localhost:${PORT}`;

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { "content-type": "application/json", ...(init.token && { authorization: `Bearer ${init.token}` }) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A merchant and a customer-priced link, made through the public API and the dev mailbox. */
async function createLink(): Promise<string> {
  const email = `bench.${Date.now()}@example.com`;
  const password = "correct-horse-battery";
  await api("/api/auth/signup", { body: { firstName: "Bench", lastName: "Mark", email, password, businessName: "Bench Bakery" } });
  const { emails } = await api(`/api/dev/emails?to=${encodeURIComponent(email)}`);
  const token = /verify-email\?token=([\w-]+)/.exec(emails[0].text)?.[1];
  await api(`/api/auth/verify-email?token=${token}`);
  const login = await api("/api/auth/login", { body: { email, password } });
  const merchantId = login.user.ownedMerchant.id;
  const { link } = await api(`/api/merchants/${merchantId}/payment-links`, {
    token: login.token,
    body: { title: "Birthday cake", description: "Any size, any flavour" },
  });
  return link.slug;
}

async function measure(url: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const page = await browser.newPage({ viewport: { width: 412, height: 915 }, isMobile: true });
  const sizes: { type: string; bytes: number; url: string }[] = [];
  page.on("requestfinished", async (request) => {
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    sizes.push({ type: request.resourceType(), bytes: responseBodySize + responseHeadersSize, url: request.url() });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await browser.close();
  const sum = (type?: string) => sizes.filter((s) => !type || s.type === type).reduce((total, s) => total + s.bytes, 0) / 1024;
  return {
    js: sum("script"),
    css: sum("stylesheet"),
    html: sum("document"),
    total: sum(),
    scripts: sizes.filter((s) => s.type === "script").map((s) => s.url),
  };
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) execSync("npm run build", { stdio: "inherit" });
  const env = {
    ...process.env,
    PORT: String(PORT),
    APP_URL: base,
    DEV_MAILBOX: "1",
    WORKERS: "off",
    LOG_LEVEL: "warn",
    EMBEDDED_PG_DIR: ".data/bench-postgres",
    EMBEDDED_PG_PORT: "54323",
  };
  const server = spawn("npm", ["start"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  try {
    await waitForHealth(base);
    const slug = await createLink();
    const result = await measure(`${base}/pay/${slug}`);
    const verdict = result.js <= 100 ? "within" : "OVER";
    console.log(`pay page /pay/{slug}: JavaScript ${result.js.toFixed(1)} KB transferred (gzip) — ${verdict} the 100 KB target`);
    console.log(`  html ${result.html.toFixed(1)} KB, css ${result.css.toFixed(1)} KB, everything ${result.total.toFixed(1)} KB`);
    for (const script of result.scripts) console.log(`  script: ${new URL(script).pathname}`);
  } finally {
    process.kill(-server.pid!, "SIGTERM");
  }
}

runBench(main);
