// The platform's fee on a payment: PLATFORM_FEE_PERCENT of the amount, rounded down to the kobo,
// capped at PLATFORM_FEE_CAP_KOBO. Integer arithmetic in basis points: no floats touch money.
import { config } from "@/lib/config";

/** PLATFORM_FEE_PERCENT in basis points ("1.5" → 150n). */
function platformFeeBasisPoints(): bigint {
  const [whole, fraction = ""] = config().PLATFORM_FEE_PERCENT.split(".");
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
}

export function platformFeeFor(amount: bigint): bigint {
  const fee = (amount * platformFeeBasisPoints()) / 10_000n;
  const cap = BigInt(config().PLATFORM_FEE_CAP_KOBO);
  return fee > cap ? cap : fee;
}

/** What the merchant keeps: the amount less the processor's fee, the platform's and refunds (as payouts count it: payouts/queries.ts). */
export function netAmount(t: { amount: bigint; fee: bigint; platformFee: bigint; refundedAmount: bigint }): bigint {
  return t.amount - t.fee - t.platformFee - t.refundedAmount;
}
