// What each processor charges on a local (NGN) payment, from its published pricing in its catalog
// entry (the sandbox prices like Paystack so test-mode totals look real). Kobo in, kobo out: integer
// math only.
import { catalogEntry, type Pricing, type ProcessorName } from "./catalog";

/** A percentage in basis points of `amount`, rounded half up to the kobo. */
function percentOf(amount: bigint, basisPoints: bigint): bigint {
  return (amount * basisPoints + 5_000n) / 10_000n;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** One pricing's fee: percentage plus the flat part (waived under its threshold), capped. */
function localFee(pricing: Pricing, amount: bigint): bigint {
  if (amount <= 0n) return 0n;
  const flat = amount < pricing.flatWaivedUnder ? 0n : pricing.flat;
  return min(percentOf(amount, pricing.basisPoints) + flat, pricing.cap);
}

/** The fee a processor is expected to take on a local payment. */
export function processorFeeEstimate(processor: ProcessorName, amount: bigint): bigint {
  return localFee(catalogEntry(processor).pricing, amount);
}

/** The published pricing, in words, for the places that state fees. */
export function processorPricingText(processor: ProcessorName): string {
  return catalogEntry(processor).pricing.text;
}
