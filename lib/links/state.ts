// What a completed payment does to its payment link, in the settlement's database transaction
// (lib/payments/settle.ts). The rules for showing a link as paid, full or inactive are in ./service.ts.
import type { Tx } from "@/lib/db/client";

/**
 * Counts a payment on its link unless the link is already at its cap (false then). A single-use
 * link closes after its payment; a capped link closes when the cap is reached. One conditional
 * UPDATE, so two payments settling at once cannot both take the last place.
 */
export async function recordLinkPayment(tx: Tx, paymentLinkId: string): Promise<boolean> {
  const counted = await tx.$executeRaw`
    UPDATE "PaymentLink"
    SET "completedPayments" = "completedPayments" + 1,
        "isActive" = CASE WHEN NOT "isReusable" OR "completedPayments" + 1 >= COALESCE("maxPayments", 2147483647) THEN false ELSE "isActive" END,
        "updatedAt" = now()
    WHERE id = ${paymentLinkId}::uuid
      AND "completedPayments" < CASE WHEN "isReusable" THEN COALESCE("maxPayments", 2147483647) ELSE LEAST(1, COALESCE("maxPayments", 1)) END`;
  return counted > 0;
}
