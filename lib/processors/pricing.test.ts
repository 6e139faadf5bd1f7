import { describe, expect, it } from "vitest";
import { processorFeeEstimate } from "./pricing";

const paystackLocalFee = (amount: bigint) => processorFeeEstimate("paystack", amount);
const flutterwaveLocalFee = (amount: bigint) => processorFeeEstimate("flutterwave", amount);

describe("Paystack's local pricing (the sandbox's): 1.5% + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000", () => {
  it("waives the ₦100 just under ₦2,500 and rounds half up to the kobo", () => {
    expect(paystackLocalFee(249_999n)).toBe(3_750n); // 1.5% of ₦2,499.99 = ₦37.49985
    expect(paystackLocalFee(100_000n)).toBe(1_500n);
    expect(paystackLocalFee(1n)).toBe(0n);
    expect(paystackLocalFee(0n)).toBe(0n);
  });

  it("adds the ₦100 from ₦2,500 on", () => {
    expect(paystackLocalFee(250_000n)).toBe(13_750n);
    expect(paystackLocalFee(1_250_000n)).toBe(28_750n); // ₦12,500 → ₦187.50 + ₦100 = ₦287.50
    expect(paystackLocalFee(1_000_000n)).toBe(25_000n); // ₦10,000 → ₦250
  });

  it("is capped at ₦2,000", () => {
    expect(paystackLocalFee(12_666_600n)).toBe(199_999n); // ₦126,666 → ₦1,899.99 + ₦100
    expect(paystackLocalFee(12_666_667n)).toBe(200_000n);
    expect(paystackLocalFee(100_000_000_000n)).toBe(200_000n);
  });
});

describe("Flutterwave's local card pricing: 1.4%, capped at ₦2,000", () => {
  it("rounds half up to the kobo and stops at the cap", () => {
    expect(flutterwaveLocalFee(505_050n)).toBe(7_071n); // ₦70.707
    expect(flutterwaveLocalFee(1_000_000n)).toBe(14_000n);
    expect(flutterwaveLocalFee(14_285_714n)).toBe(200_000n);
    expect(flutterwaveLocalFee(14_280_000n)).toBe(199_920n);
    expect(flutterwaveLocalFee(100_000_000_000n)).toBe(200_000n);
  });
});

it("estimates each family's fee, the sandbox's like Paystack's", () => {
  expect(processorFeeEstimate("sandbox", 1_250_000n)).toBe(28_750n);
  expect(processorFeeEstimate("paystack", 1_250_000n)).toBe(28_750n);
  expect(processorFeeEstimate("flutterwave", 1_250_000n)).toBe(17_500n);
});
