// Issue 13, finding 11: a bad setting must stop the start with one clear line naming it (never its
// value), not surface as a 500 at the first request that reads it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { assertValidConfig, config, reloadConfig } from "@/lib/config";

const SHORT_SECRET = "short-secret-value-123";
const WEAK_SECRET = "AUTH_SECRET must be random (at least 10 different characters, not spaces; e.g. openssl rand -base64 32)";

function setEnv(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

function configError(env: Record<string, string | undefined>): string {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  setEnv(env);
  reloadConfig();
  try {
    config();
    return "";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    setEnv(saved);
    reloadConfig();
  }
}

afterEach(() => reloadConfig());

describe("configuration is checked with a clear message", () => {
  it("names a short AUTH_SECRET without printing it", () => {
    const message = configError({ AUTH_SECRET: SHORT_SECRET });
    expect(message).toBe("Invalid configuration: AUTH_SECRET must be at least 32 characters");
    expect(message).not.toContain(SHORT_SECRET);
  });

  it("names an AUTH_SECRET that is not random enough (whitespace, few distinct characters), never printing it", () => {
    for (const secret of [" ".repeat(32), "\t ".repeat(20), "a".repeat(40), "abcabcabcabcabcabcabcabcabcabcabc"]) {
      expect(configError({ AUTH_SECRET: secret })).toBe(`Invalid configuration: ${WEAK_SECRET}`);
    }
    expect(configError({ AUTH_SECRET: "test-auth-secret-that-is-long-enough-0123456789" })).toBe("");
  });

  it("names a missing AUTH_SECRET in production", () => {
    expect(configError({ NODE_ENV: "production", AUTH_SECRET: undefined })).toBe("Invalid configuration: AUTH_SECRET is required (32+ random characters)");
  });

  it("names malformed operational settings read elsewhere (a typo must stop the start, not a request)", () => {
    expect(configError({ TRUST_PROXY: "one" })).toBe("Invalid configuration: TRUST_PROXY must be a number");
    expect(configError({ WEBHOOK_TIMEOUT_MS: "0" })).toBe("Invalid configuration: WEBHOOK_TIMEOUT_MS must be at least 1");
    expect(configError({ WORKERS: "of" })).toBe("Invalid configuration: WORKERS must be on or off");
    const processor = configError({ PAYMENT_PROCESSOR: "stripe" });
    expect(processor).toMatch(/^Invalid configuration: PAYMENT_PROCESSOR\b/);
    expect(processor).not.toContain("stripe");
    const both = configError({ AUTH_SECRET: SHORT_SECRET, APP_URL: "not a url" });
    expect(both.split("\n")).toHaveLength(1);
    expect(both).toMatch(/APP_URL/);
    expect(both).toMatch(/AUTH_SECRET/);
  });
});

describe("the start check", () => {
  const env = () => ({ ...process.env, NODE_ENV: "production" as const });

  it("also names the chosen processor's missing credentials, which would otherwise fail at the first payment", () => {
    expect(() => assertValidConfig({ ...env(), PAYMENT_PROCESSOR: "paystack", PAYSTACK_SECRET_KEY: undefined })).toThrow(
      "Invalid configuration: PAYSTACK_TEST_SECRET_KEY or PAYSTACK_LIVE_SECRET_KEY (or the older PAYSTACK_SECRET_KEY) is required when PAYMENT_PROCESSOR=paystack",
    );
    // One mode's key is enough: the other mode is the sandbox (test) or refused (live).
    for (const name of ["PAYSTACK_SECRET_KEY", "PAYSTACK_TEST_SECRET_KEY"]) {
      expect(() => assertValidConfig({ ...env(), PAYMENT_PROCESSOR: "paystack", [name]: "sk_test_abc" })).not.toThrow();
    }
    expect(() => assertValidConfig({ ...env(), PAYMENT_PROCESSOR: "paystack", PAYSTACK_LIVE_SECRET_KEY: "sk_live_abc" })).not.toThrow();
    expect(() => assertValidConfig({ ...env(), PAYMENT_PROCESSOR: "flutterwave", FLUTTERWAVE_SECRET_KEY: "FLWSECK_TEST-x" })).toThrow(
      "Invalid configuration: FLUTTERWAVE_SECRET_HASH is required when PAYMENT_PROCESSOR=flutterwave",
    );
    expect(() => assertValidConfig(env())).not.toThrow();
  });

  it("refuses a processor key in the wrong mode's setting (a live key must never take test payments), naming it but not the key", () => {
    const cases: [string, string, RegExp][] = [
      ["PAYSTACK_TEST_SECRET_KEY", "sk_live_secret123", /PAYSTACK_TEST_SECRET_KEY must be a test key \(sk_test_…\)/],
      ["PAYSTACK_LIVE_SECRET_KEY", "sk_test_secret123", /PAYSTACK_LIVE_SECRET_KEY must be a live key \(sk_live_…\)/],
      ["PAYSTACK_SECRET_KEY", "pk_live_secret123", /PAYSTACK_SECRET_KEY must start with sk_test_ or sk_live_/],
      ["FLUTTERWAVE_TEST_SECRET_KEY", "FLWSECK-secret123-X", /FLUTTERWAVE_TEST_SECRET_KEY must be a test key/],
      ["FLUTTERWAVE_LIVE_SECRET_KEY", "FLWSECK_TEST-secret123-X", /FLUTTERWAVE_LIVE_SECRET_KEY must be a live key/],
      ["FLUTTERWAVE_SECRET_KEY", "FLWPUBK-secret123-X", /FLUTTERWAVE_SECRET_KEY must start with FLWSECK_TEST- or FLWSECK-/],
    ];
    for (const [name, value, message] of cases) {
      const error = (() => {
        try {
          assertValidConfig({ ...env(), [name]: value });
          return "";
        } catch (e) {
          return (e as Error).message;
        }
      })();
      expect(error).toMatch(message);
      expect(error).not.toContain("secret123");
    }
  });

  it("lets npm start fill in DATABASE_URL later (embedded database), and otherwise requires it", () => {
    expect(() => assertValidConfig({ ...env(), DATABASE_URL: undefined }, { databaseLater: true })).not.toThrow();
    expect(() => assertValidConfig({ ...env(), DATABASE_URL: undefined })).toThrow(/^Invalid configuration: DATABASE_URL/);
  });
});

describe("the start paths refuse a bad setting before doing anything", () => {
  /**
   * Runs a real entry point (npm start's and npm run worker's scripts) in an empty directory: if the
   * check were missing it would fail differently there, and could never build or serve the app.
   */
  function run(
    script: string,
    env: { NODE_ENV: "development" | "production" } & Record<string, string>,
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-start-"));
    const tsx = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;
    // Only what the check needs: nothing inherited from this test process's own configuration.
    const childEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TSX_TSCONFIG_PATH: path.resolve("tsconfig.json"),
      LOG_LEVEL: "silent",
      ...env,
    };
    const child = spawn(
      process.execPath,
      ["--experimental-wasm-modules", "--disable-warning=ExperimentalWarning", "--import", tsx, path.resolve(script), "start"],
      { cwd, env: childEnv, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    return new Promise((resolve) => {
      child.on("exit", (code) => {
        clearTimeout(timer);
        fs.rmSync(cwd, { recursive: true, force: true });
        resolve({ code, stdout, stderr });
      });
    });
  }

  const base = () => ({ DATABASE_URL: process.env.DATABASE_URL!, SANDBOX_WEBHOOK_SECRET: "s".repeat(40), PORT: "3999" });

  it("npm start (scripts/start.ts) exits 1 with one line naming AUTH_SECRET", async () => {
    const result = await run("scripts/start.ts", { ...base(), NODE_ENV: "production", AUTH_SECRET: SHORT_SECRET });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("Invalid configuration: AUTH_SECRET must be at least 32 characters");
    expect(result.stdout + result.stderr).not.toContain(SHORT_SECRET);
    // Refused before touching the database.
    expect(result.stdout).not.toMatch(/migrations|database is up to date/i);
  });

  // Issue 23, finding 8: 32 spaces (or any secret of a few repeated characters) started in production.
  it.each([
    ["32 spaces", " ".repeat(32)],
    ["one repeated character", "a".repeat(40)],
    ["a few repeated characters", "abcabcabcabcabcabcabcabcabcabcabc"],
  ])("npm start in production refuses an AUTH_SECRET of %s, naming it but not the value", async (_what, secret) => {
    const result = await run("scripts/start.ts", { ...base(), NODE_ENV: "production", AUTH_SECRET: secret });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`Invalid configuration: ${WEAK_SECRET}`);
    expect(result.stdout).not.toMatch(/migrations|database is up to date/i);
  });

  it("npm start in production without AUTH_SECRET names it", async () => {
    const result = await run("scripts/start.ts", { ...base(), NODE_ENV: "production" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^[^\n]*AUTH_SECRET[^\n]*$/);
  });

  it("npm run worker (scripts/worker.ts) exits 1 with the same line", async () => {
    const result = await run("scripts/worker.ts", { ...base(), NODE_ENV: "development", AUTH_SECRET: SHORT_SECRET });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("Invalid configuration: AUTH_SECRET must be at least 32 characters");
  });
});
