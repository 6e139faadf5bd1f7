import { db } from "@/lib/db/client";
import { formatNaira } from "@/lib/utils";

export type ReceiptView = {
  outcome: "paid" | "pending" | "cancelled" | "failed";
  amount: string;
  reference: string;
  businessName: string;
  brandColor: string | null;
  logoUrl: string | null;
  supportEmail: string | null;
  method: string | null;
  paidAt: string | null;
  failureReason: string | null;
  redirectUrl: string | null;
  retryPath: string | null;
  testMode: boolean;
};

/** The customer's view of a payment by its reference (what the processor sends them back with). */
export async function findReceipt(reference: string): Promise<ReceiptView | null> {
  if (!reference || reference.length > 120) return null;
  const t = await db.transaction.findUnique({
    where: { reference },
    include: {
      merchant: { select: { businessName: true, brandColor: true, logoUrl: true, supportEmail: true } },
      paymentLink: { select: { slug: true, redirectUrl: true } },
      invoice: { select: { id: true } },
    },
  });
  if (!t) return null;
  const outcome = t.status === "COMPLETED" || t.status === "REFUNDED" ? "paid" : t.status === "PENDING" ? "pending" : t.status === "CANCELLED" ? "cancelled" : "failed";
  return {
    outcome,
    amount: formatNaira(Number(t.amount)),
    reference: t.reference,
    businessName: t.merchant.businessName,
    brandColor: t.merchant.brandColor,
    logoUrl: t.merchant.logoUrl,
    supportEmail: t.merchant.supportEmail,
    method: t.paymentMethod ? t.paymentMethod.replaceAll("_", " ").toLowerCase() : null,
    paidAt: t.completedAt ? t.completedAt.toLocaleString("en-NG", { timeZone: "Africa/Lagos", dateStyle: "medium", timeStyle: "short" }) : null,
    failureReason: t.failureReason,
    redirectUrl: outcome === "paid" ? (t.paymentLink?.redirectUrl ?? null) : null,
    retryPath: t.paymentLink ? `/pay/${t.paymentLink.slug}` : t.invoice ? `/invoice/${t.invoice.id}` : null,
    testMode: t.environment === "test",
  };
}
