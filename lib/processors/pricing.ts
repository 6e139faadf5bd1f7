// What each processor family charges on a local (NGN) payment, from its published pricing. The
// sandbox charges like Paystack so test-mode totals look real. Kobo in, kobo out: integer math only.
import type { ProcessorName } from "./types";

const NAIRA = 100n;

/** A percentage in basis points of `amount`, rounded half up to the kobo. */
function percentOf(amount: bigint, basisPoints: bigint): bigint {
  return (amount * basisPoints + 5_000n) / 10_000n;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** Paystack, local channels: 1.5% + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000. */
export function paystackLocalFee(amount: bigint): bigint {
  if (amount <= 0n) return 0n;
  const flat = amount < 2_500n * NAIRA ? 0n : 100n * NAIRA;
  return min(percentOf(amount, 150n) + flat, 2_000n * NAIRA);
}

/** Flutterwave, local cards: 1.4%, capped at ₦2,000. */
export function flutterwaveLocalFee(amount: bigint): bigint {
  if (amount <= 0n) return 0n;
  return min(percentOf(amount, 140n), 2_000n * NAIRA);
}

/** The fee a processor family is expected to take on a local payment (the sandbox prices like Paystack). */
export function processorFeeEstimate(processor: ProcessorName, amount: bigint): bigint {
  return processor === "flutterwave" ? flutterwaveLocalFee(amount) : paystackLocalFee(amount);
}

/** The published pricing, in words, for the places that state fees. */
export function processorPricingText(processor: ProcessorName): string {
  return processor === "flutterwave"
    ? "1.4% per payment, at most ₦2,000 (Flutterwave's local card pricing)"
    : "1.5% + ₦100 per payment, the ₦100 waived under ₦2,500, at most ₦2,000 (Paystack's local pricing)";
}
