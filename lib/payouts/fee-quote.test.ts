import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { feeQuote, feeTerms } from "./fee-quote";
import { platformFeeFor } from "./fees";

const saved = { ...process.env };
function useEnv(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
}
afterEach(() => {
  useEnv({
    PAYMENT_PROCESSOR: saved.PAYMENT_PROCESSOR,
    PLATFORM_FEE_PERCENT: saved.PLATFORM_FEE_PERCENT,
    PLATFORM_FEE_CAP_KOBO: saved.PLATFORM_FEE_CAP_KOBO,
  });
});

describe("the platform fee's default: 1%, capped at ₦1,000", () => {
  it("takes 1%, rounded down to the kobo, and never more than ₦1,000", () => {
    useEnv({ PLATFORM_FEE_PERCENT: undefined, PLATFORM_FEE_CAP_KOBO: undefined });
    expect(platformFeeFor(1_250_000n)).toBe(12_500n);
    expect(platformFeeFor(249_999n)).toBe(2_499n);
    expect(platformFeeFor(10_000_000n)).toBe(100_000n);
    expect(platformFeeFor(50_000_000n)).toBe(100_000n);
  });

  it("an empty cap is the default cap; the names stay PLATFORM_FEE_PERCENT and PLATFORM_FEE_CAP_KOBO", () => {
    useEnv({ PLATFORM_FEE_PERCENT: "2.5", PLATFORM_FEE_CAP_KOBO: "" });
    expect(platformFeeFor(50_000_000n)).toBe(100_000n);
    useEnv({ PLATFORM_FEE_CAP_KOBO: "300000" });
    expect(platformFeeFor(50_000_000n)).toBe(300_000n);
    expect(platformFeeFor(1_000_000n)).toBe(25_000n);
  });
});

describe("the fee quote", () => {
  it("says what ₦10,000 nets with the sandbox (Paystack's pricing) and the default platform fee", () => {
    useEnv({ PAYMENT_PROCESSOR: undefined, PLATFORM_FEE_PERCENT: undefined, PLATFORM_FEE_CAP_KOBO: undefined });
    expect(feeQuote()).toEqual({ amount: 1_000_000n, processorFee: 25_000n, platformFee: 10_000n, net: 965_000n });
    expect(feeQuote(1_250_000n)).toEqual({ amount: 1_250_000n, processorFee: 28_750n, platformFee: 12_500n, net: 1_208_750n });
    const terms = feeTerms();
    expect(terms.platform).toBe("1% per payment, at most ₦1,000.00");
    expect(terms.processor).toContain("1.5% + ₦100");
    expect(terms.example).toBe("A ₦10,000.00 payment nets ₦9,650.00 (₦250.00 processor fee, ₦100.00 platform fee).");
  });

  it("quotes Flutterwave's local card pricing when it is the processor", () => {
    useEnv({ PAYMENT_PROCESSOR: "flutterwave", PLATFORM_FEE_PERCENT: undefined, PLATFORM_FEE_CAP_KOBO: undefined });
    expect(feeQuote()).toEqual({ amount: 1_000_000n, processorFee: 14_000n, platformFee: 10_000n, net: 976_000n });
    expect(feeTerms().processor).toContain("1.4%");
  });

  it("states no platform fee when it is zero", () => {
    useEnv({ PLATFORM_FEE_PERCENT: "0" });
    expect(feeTerms().platform).toBe("none");
    expect(feeQuote().net).toBe(975_000n);
  });
});
