import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

import { ensureChromium } from "./scripts/ensure-chromium";

// Browser tests run Debian's Chromium against the production build (`npm run build && npm start`).
// With TEST_DATABASE_URL they use a database `paylink_e2e` (or E2E_DATABASE) on that server; otherwise an
// embedded one. E2E_PORT and E2E_DATABASE let two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

function e2eDatabaseUrl(): string | undefined {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return undefined;
  const url = new URL(server);
  url.pathname = `/${process.env.E2E_DATABASE ?? "paylink_e2e"}`;
  return url.toString();
}

/** Where tests/e2e/webhooks.spec.ts writes its receiver's certificate for the server to trust. */
function webhookCaFile(port: number): string {
  return path.resolve(`.data/e2e-webhook-ca-${port}.pem`);
}

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  APP_URL: baseURL,
  NEXTAUTH_URL: baseURL,
  EMBEDDED_PG_DIR: ".data/e2e-postgres",
  EMBEDDED_PG_PORT: "54322",
  LOG_LEVEL: "warn",
  DEV_MAILBOX: "1",
  // The webhooks spec runs a local HTTPS receiver with a self-signed certificate written here.
  WEBHOOK_ALLOW_PRIVATE_URLS: "1",
  WEBHOOK_TEST_CA_FILE: webhookCaFile(PORT),
  // Every browser test signs up from 127.0.0.1; the limits themselves are covered by integration tests.
  RATE_LIMIT_SCALE: "100",
};
const databaseUrl = e2eDatabaseUrl();
if (databaseUrl) serverEnv.DATABASE_URL = databaseUrl;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // The axe reporter prints how many distinct pages the accessibility check saw (tests/e2e/axe.ts).
  reporter: [["list"], ["./tests/e2e/axe-reporter.ts"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: ensureChromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined } },
  ],
  webServer: {
    command: "npm run build && npm start",
    url: `${baseURL}/api/health`,
    // The production build runs first; give a slow machine room.
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    env: serverEnv,
    stdout: "pipe",
  },
});
