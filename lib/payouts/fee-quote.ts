// The fees a merchant accepts, stated up front: every page that states fees (the landing page's
// pricing, sign-up, Settings → Payouts) reads them from here, so they cannot disagree with what a
// payment is charged (lib/processors/pricing.ts, platformFeeFor). A payment starts at its mode's
// route's first processor, so that processor's pricing is the one quoted.
import { config } from "@/lib/config";
import type { Environment } from "@/lib/db/generated/enums";
import { firstProcessorName } from "@/lib/processors";
import { TEST_PROCESSOR, type ProcessorName } from "@/lib/processors/catalog";
import { processorFeeEstimate, processorPricingText } from "@/lib/processors/pricing";
import { formatNaira } from "@/lib/utils";
import { netAmount, platformFeeFor } from "./fees";

/** The example amount every page quotes: ₦10,000. */
export const QUOTE_EXAMPLE_AMOUNT = 1_000_000n;

export type FeeQuote = { amount: bigint; processorFee: bigint; platformFee: bigint; net: bigint };

/** The mode a page without one (landing, sign-up) quotes: live once the platform takes live payments, else test. */
export function quoteMode(): Environment {
  return firstProcessorName("live") ? "live" : "test";
}

/** The processor whose pricing a mode's payments pay: its route's first (live without one: test's, as quoteMode). */
export function quotedProcessor(mode: Environment): ProcessorName {
  return firstProcessorName(mode) ?? firstProcessorName("test") ?? TEST_PROCESSOR;
}

/** What a payment of `amount` (kobo) in `mode` costs and nets with its first processor's pricing. */
export function feeQuote(mode: Environment = quoteMode(), amount: bigint = QUOTE_EXAMPLE_AMOUNT): FeeQuote {
  const processorFee = processorFeeEstimate(quotedProcessor(mode), amount);
  const platformFee = platformFeeFor(amount);
  return { amount, processorFee, platformFee, net: netAmount({ amount, fee: processorFee, platformFee, refundedAmount: 0n }) };
}

export type FeeTerms = {
  /** e.g. "1.5% + ₦100 per payment, the ₦100 waived under ₦2,500, at most ₦2,000 (Paystack's local pricing)" */
  processor: string;
  /** e.g. "1% per payment, at most ₦1,000.00", or "none" */
  platform: string;
  /** e.g. "A ₦10,000.00 payment nets ₦9,650.00 (₦250.00 processor fee, ₦100.00 platform fee)." */
  example: string;
  quote: FeeQuote;
};

const naira = (kobo: bigint) => formatNaira(Number(kobo));

export function feeTerms(mode: Environment = quoteMode()): FeeTerms {
  const { PLATFORM_FEE_PERCENT: percent, PLATFORM_FEE_CAP_KOBO: cap } = config();
  const quote = feeQuote(mode);
  const platform = Number(percent) === 0 || cap === 0 ? "none" : `${percent}% per payment, at most ${naira(BigInt(cap))}`;
  const fees = `${naira(quote.processorFee)} processor fee, ${naira(quote.platformFee)} platform fee`;
  const example = `A ${naira(quote.amount)} payment nets ${naira(quote.net)} (${fees}).`;
  return { processor: processorPricingText(quotedProcessor(mode)), platform, example, quote };
}
