import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "@/lib/config";
import { CATALOG, keySettingNames } from "@/lib/processors/catalog";
import { feeQuote, feeTerms, quoteMode } from "./fee-quote";
import { platformFeeFor } from "./fees";

/** The route, the fee settings and every processor's keys (lib/processors/catalog.ts). */
const NAMES = [
  "PAYMENT_PROCESSOR",
  "PAYMENT_PROCESSORS",
  "PLATFORM_FEE_PERCENT",
  "PLATFORM_FEE_CAP_KOBO",
  ...CATALOG.flatMap(({ keys }) => (keys ? [keySettingNames(keys).legacy, keySettingNames(keys).test, keySettingNames(keys).live] : [])),
];
function setEnv(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  reloadConfig();
}
/** Only these settings: no processor key, the default fees. */
const bare = () => setEnv(Object.fromEntries(NAMES.map((name) => [name, undefined])));
afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

describe("the platform fee's default: 1%, capped at ₦1,000", () => {
  it("takes 1%, rounded down to the kobo, and never more than ₦1,000", () => {
    setEnv({ PLATFORM_FEE_PERCENT: undefined, PLATFORM_FEE_CAP_KOBO: undefined });
    expect(platformFeeFor(1_250_000n)).toBe(12_500n);
    expect(platformFeeFor(249_999n)).toBe(2_499n);
    expect(platformFeeFor(10_000_000n)).toBe(100_000n);
    expect(platformFeeFor(50_000_000n)).toBe(100_000n);
  });

  it("an empty cap is the default cap; the names stay PLATFORM_FEE_PERCENT and PLATFORM_FEE_CAP_KOBO", () => {
    setEnv({ PLATFORM_FEE_PERCENT: "2.5", PLATFORM_FEE_CAP_KOBO: "" });
    expect(platformFeeFor(50_000_000n)).toBe(100_000n);
    setEnv({ PLATFORM_FEE_CAP_KOBO: "300000" });
    expect(platformFeeFor(50_000_000n)).toBe(300_000n);
    expect(platformFeeFor(1_000_000n)).toBe(25_000n);
  });
});

describe("the fee quote", () => {
  it("says what ₦10,000 nets with the sandbox (Paystack's pricing) and the default platform fee", () => {
    bare();
    expect(quoteMode()).toBe("test");
    expect(feeQuote()).toEqual({ amount: 1_000_000n, processorFee: 25_000n, platformFee: 10_000n, net: 965_000n });
    expect(feeQuote("test", 1_250_000n)).toEqual({ amount: 1_250_000n, processorFee: 28_750n, platformFee: 12_500n, net: 1_208_750n });
    const terms = feeTerms();
    expect(terms.platform).toBe("1% per payment, at most ₦1,000.00");
    expect(terms.processor).toContain("1.5% + ₦100");
    expect(terms.example).toBe("A ₦10,000.00 payment nets ₦9,650.00 (₦250.00 processor fee, ₦100.00 platform fee).");
  });

  it("quotes Flutterwave's local card pricing when it is the first processor of the mode's route", () => {
    bare();
    setEnv({ PAYMENT_PROCESSORS: "flutterwave,paystack", FLUTTERWAVE_TEST_SECRET_KEY: "FLWSECK_TEST-x", PAYSTACK_TEST_SECRET_KEY: "sk_test_x" });
    expect(feeQuote("test")).toEqual({ amount: 1_000_000n, processorFee: 14_000n, platformFee: 10_000n, net: 976_000n });
    expect(feeTerms("test").processor).toContain("1.4%");
    setEnv({ PAYMENT_PROCESSORS: "paystack,flutterwave" });
    expect(feeQuote("test").processorFee).toBe(25_000n);
    expect(feeTerms("test").processor).toContain("1.5% + ₦100");
  });

  it("each mode quotes its own route's first: a routed processor without that mode's key is skipped, as payments skip it", () => {
    bare();
    // Paystack leads the route but has only a live key; Flutterwave only a test key.
    setEnv({ PAYMENT_PROCESSORS: "paystack,flutterwave", PAYSTACK_LIVE_SECRET_KEY: "sk_live_x", FLUTTERWAVE_TEST_SECRET_KEY: "FLWSECK_TEST-x" });
    expect(feeQuote("test").processorFee).toBe(14_000n);
    expect(feeQuote("live").processorFee).toBe(25_000n);
    // Pages without a mode quote live once the platform takes live payments.
    expect(quoteMode()).toBe("live");
    expect(feeTerms().processor).toContain("1.5% + ₦100");
    expect(feeTerms("test").example).toBe("A ₦10,000.00 payment nets ₦9,760.00 (₦140.00 processor fee, ₦100.00 platform fee).");
  });

  it("a configured processor that takes no payments of any mode is not quoted: with no keys, test payments go to the sandbox", () => {
    bare();
    setEnv({ PAYMENT_PROCESSOR: "flutterwave" });
    expect(quoteMode()).toBe("test");
    expect(feeQuote().processorFee).toBe(25_000n);
    // Live has no processor yet: its quote is the test route's, what the merchant sees working.
    expect(feeQuote("live").processorFee).toBe(25_000n);
    setEnv({ FLUTTERWAVE_TEST_SECRET_KEY: "FLWSECK_TEST-x" });
    expect(feeQuote().processorFee).toBe(14_000n);
    expect(feeQuote("live").processorFee).toBe(14_000n);
  });

  it("states no platform fee when it is zero", () => {
    bare();
    setEnv({ PLATFORM_FEE_PERCENT: "0" });
    expect(feeTerms().platform).toBe("none");
    expect(feeQuote().net).toBe(975_000n);
  });
});
