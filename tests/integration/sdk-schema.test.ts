// The SDK's types (sdk/src/schema.d.ts) are generated from the OpenAPI document and checked in: this
// fails when they no longer match it. Fix: `npm run sdk:generate`, and commit the file.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSdkSchema, SDK_SCHEMA_PATH } from "@/scripts/sdk-generate";

describe("the SDK's generated types", () => {
  it("match the OpenAPI document the app serves (else run npm run sdk:generate)", async () => {
    const checkedIn = readFileSync(SDK_SCHEMA_PATH, "utf8");
    const fresh = await renderSdkSchema();
    // A plain comparison first: a clear message, not a 8,000-line diff.
    expect(checkedIn === fresh, "sdk/src/schema.d.ts is stale: run `npm run sdk:generate` and commit it").toBe(true);
  });

  it("has the named operations' paths, and the event envelope", async () => {
    const checkedIn = readFileSync(SDK_SCHEMA_PATH, "utf8");
    for (const path of [
      "/api/transactions/initiate",
      "/api/transactions/{transactionId}/verify",
      "/api/transactions/{transactionId}/refund",
      "/api/merchants/{merchantId}/payment-links",
      "/api/events",
      "/api/events/{eventId}",
    ]) {
      expect(checkedIn).toContain(`"${path}": {`);
    }
    expect(checkedIn).toMatch(/\n {8}Event: /);
  });
});
