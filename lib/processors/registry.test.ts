// The processor registry is the one list of processors: every entry is complete, and the database
// enum, the settings, the OpenAPI paths, the log redaction and the display names all come from it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertValidConfig } from "@/lib/config";
import { Processor } from "@/lib/db/generated/enums";
import { paymentPaths } from "@/lib/payments/openapi";
import { CATALOG, catalogEntry, keySettingNames, PROCESSOR_NAMES, processorsInWords, TEST_PROCESSOR } from "./catalog";
import { PROCESSORS } from "./registry";

const BASE_ENV = { NODE_ENV: "test" as const, DATABASE_URL: "postgresql://localhost/x", AUTH_SECRET: "0123456789abcdefghijklmnopqrstuvwxyz" };

describe("every registry entry", () => {
  it("is its catalog entry with a factory, and the database's Processor enum has exactly these names", () => {
    expect(Object.keys(PROCESSORS).sort()).toEqual([...PROCESSOR_NAMES].sort());
    expect(Object.values(Processor).sort()).toEqual([...PROCESSOR_NAMES].sort());
    for (const name of PROCESSOR_NAMES) {
      const { createAdapter, ...entry } = PROCESSORS[name];
      expect(entry).toEqual(catalogEntry(name));
      expect(typeof createAdapter).toBe("function");
    }
  });

  it("has names, settings, webhook headers, pricing and a payout delay", () => {
    for (const entry of CATALOG) {
      expect(entry.name).toMatch(/^[a-z][a-z0-9-]*$/); // a URL path segment and a PostgreSQL enum label
      expect(entry.displayName).not.toBe("");
      expect(entry.subject).not.toBe("");
      expect(entry.webhook.headers.length).toBeGreaterThan(0);
      for (const header of entry.webhook.headers) expect(header).toBe(header.toLowerCase());
      expect(entry.webhook.signature).toContain(`\`${entry.webhook.headers[0]}\``);
      expect(entry.pricing.cap).toBeGreaterThan(0n);
      expect(entry.pricing.text).not.toBe("");
      expect(entry.settlementDelayDays).toBeGreaterThanOrEqual(1);
      // A processor either takes keys per mode or is the test-only one; a test key must not read as live.
      expect(entry.keys === null).toBe(entry.testOnly);
      if (entry.keys) expect(entry.keys.test.startsWith(entry.keys.live)).toBe(false);
    }
    expect(CATALOG.filter((entry) => entry.testOnly).map((entry) => entry.name)).toEqual([TEST_PROCESSOR]);
  });
});

describe("derived from the registry", () => {
  it("PAYMENT_PROCESSOR takes each name and nothing else", () => {
    for (const entry of CATALOG) {
      const keys = entry.keys ? { [keySettingNames(entry.keys).test]: `${entry.keys.test}x` } : {};
      const settings = Object.fromEntries(entry.settings.map((setting) => [setting.name, "set"]));
      expect(() => assertValidConfig({ ...BASE_ENV, PAYMENT_PROCESSOR: entry.name, ...keys, ...settings })).not.toThrow();
    }
    expect(() => assertValidConfig({ ...BASE_ENV, PAYMENT_PROCESSOR: "stripe" })).toThrow(/^Invalid configuration: PAYMENT_PROCESSOR\b/);
  });

  it("each keyed processor's key settings refuse the other mode's prefix, naming the setting", () => {
    for (const entry of CATALOG) {
      if (!entry.keys) continue;
      const names = keySettingNames(entry.keys);
      expect(() => assertValidConfig({ ...BASE_ENV, [names.test]: `${entry.keys.live}x` })).toThrow(`${names.test} must be a test key (${entry.keys.test}…)`);
      expect(() => assertValidConfig({ ...BASE_ENV, [names.live]: `${entry.keys.test}x` })).toThrow(`${names.live} must be a live key (${entry.keys.live}…)`);
      expect(() => assertValidConfig({ ...BASE_ENV, [names.baseUrl]: "not a url" })).toThrow(names.baseUrl);
    }
  });

  it("the OpenAPI document has one webhook path per processor", () => {
    const webhookPaths = Object.keys(paymentPaths).filter((p) => p.startsWith("/api/transactions/webhooks/"));
    expect(webhookPaths.sort()).toEqual(PROCESSOR_NAMES.map((name) => `/api/transactions/webhooks/${name}`).sort());
    expect(processorsInWords()).toBe("Paystack, Flutterwave and the sandbox");
  });

  it("no other file in lib/, app/ or components/ lists processor names", () => {
    const names = PROCESSOR_NAMES.join("|");
    const literal = new RegExp(`["'\`](${names})["'\`]|\\b(${names}):`, "g");
    // The catalog, and each processor's own files (its adapter, its tests, e.g. sandbox-checkout.ts), may name it.
    const own = (file: string) => file === "lib/processors/catalog.ts" || PROCESSOR_NAMES.some((name) => file.startsWith(`lib/processors/${name}`));
    const offenders: string[] = [];
    for (const file of sourceFiles(["lib", "app", "components"])) {
      if (own(file) || file.startsWith("lib/db/generated/") || file.endsWith(".test.ts")) continue;
      const found = new Set([...fs.readFileSync(file, "utf8").matchAll(literal)].map((match) => match[1] ?? match[2]));
      if (found.size > 1) offenders.push(`${file}: ${[...found].join(", ")}`);
    }
    expect(offenders).toEqual([]);
  });
});

function sourceFiles(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(dir, file)),
  );
}
