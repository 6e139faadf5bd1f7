// The platform's fee on a payment: PLATFORM_FEE_PERCENT of the amount, rounded down to the kobo,
// capped at PLATFORM_FEE_CAP_KOBO. Integer arithmetic in basis points: no floats touch money.
import { config } from "@/lib/config";

export function platformFeeFor(amount: bigint): bigint {
  const { PLATFORM_FEE_PERCENT: percent, PLATFORM_FEE_CAP_KOBO: cap } = config();
  const [whole, fraction = ""] = percent.split(".");
  const basisPoints = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
  const fee = (amount * basisPoints) / 10_000n;
  return cap !== undefined && fee > BigInt(cap) ? BigInt(cap) : fee;
}

/** What the merchant keeps: the amount less the processor's fee, the platform's and refunds (as payouts count it: payouts/queries.ts). */
export function netAmount(t: { amount: bigint; fee: bigint; platformFee: bigint; refundedAmount: bigint }): bigint {
  return t.amount - t.fee - t.platformFee - t.refundedAmount;
}
