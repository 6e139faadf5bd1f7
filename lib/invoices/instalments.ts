// How much one payment of an invoice may be: the API (initiate with invoiceId) and the customer's
// pay page ask the same question here, each wording amounts its own way (kobo, or naira).
import type { Invoice } from "@/lib/db/generated/client";
import { MIN_AMOUNT_KOBO } from "@/lib/payments/money";
import { amountDueOf } from "./serializers";

type Payable = Pick<Invoice, "amount" | "amountPaid" | "allowPartialPayments" | "minimumPaymentAmount">;

/** The smallest and largest payment the invoice takes now, in kobo (equal unless it allows instalments). */
export function instalmentRange(invoice: Payable): { min: bigint; max: bigint } {
  const due = amountDueOf(invoice);
  if (!invoice.allowPartialPayments) return { min: due, max: due };
  // No payment is below the platform's ₦50, whatever the merchant set; the last instalment may be less than the minimum.
  const floor =
    invoice.minimumPaymentAmount !== null && invoice.minimumPaymentAmount > BigInt(MIN_AMOUNT_KOBO) ? invoice.minimumPaymentAmount : BigInt(MIN_AMOUNT_KOBO);
  return { min: floor < due ? floor : due, max: due };
}

/**
 * Why `amount` cannot pay the invoice now, or null when it can. An instalment also may not leave less
 * than ₦50 owed: nobody could pay that rest by card.
 */
export function instalmentProblem(invoice: Payable, amount: bigint, show: (kobo: bigint) => string): string | null {
  const { min, max } = instalmentRange(invoice);
  if (!invoice.allowPartialPayments) return amount === max ? null : `Amount must be the amount due, ${show(max)}`;
  if (amount > max) return `Amount must be at most the amount due, ${show(max)}`;
  if (amount < min) return `Amount must be at least ${show(min)}`;
  const rest = max - amount;
  if (rest > 0n && rest < BigInt(MIN_AMOUNT_KOBO)) {
    return `Pay the whole ${show(max)}, or leave at least ${show(BigInt(MIN_AMOUNT_KOBO))} to pay later`;
  }
  return null;
}
