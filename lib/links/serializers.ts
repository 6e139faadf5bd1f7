import type { Merchant, PaymentLink } from "@/lib/db/generated/client";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { PaymentLinkSchema, PublicMerchantSchema, PublicPaymentLinkSchema } from "@/lib/api/openapi/resources";

/** The contract's PaymentLink, plus the limits and counters the dashboard shows. */
export function toLinkResponse(link: PaymentLink) {
  return {
    id: link.id,
    merchantId: link.merchantId,
    slug: link.slug,
    title: link.title,
    description: link.description,
    amount: link.amount,
    currency: link.currency,
    isActive: link.isActive,
    isReusable: link.isReusable,
    redirectUrl: link.redirectUrl,
    expiresAt: link.expiresAt,
    maxPayments: link.maxPayments,
    completedPayments: link.completedPayments,
    visitCount: link.visitCount,
    environment: link.environment,
    createdAt: link.createdAt,
    updatedAt: link.updatedAt,
  } satisfies ResponseOf<typeof PaymentLinkSchema>;
}
export type LinkResponse = ReturnType<typeof toLinkResponse>;

/** What a paying customer may see of a merchant: nothing internal. */
export function toPublicMerchant(m: Pick<Merchant, "id" | "businessName" | "logoUrl" | "brandColor" | "supportEmail" | "supportPhone" | "website">) {
  return {
    id: m.id,
    businessName: m.businessName,
    logoUrl: m.logoUrl,
    brandColor: m.brandColor,
    supportEmail: m.supportEmail,
    supportPhone: m.supportPhone,
    website: m.website,
  } satisfies ResponseOf<typeof PublicMerchantSchema>;
}
export type PublicMerchant = ReturnType<typeof toPublicMerchant>;

/** The public read: the customer-facing fields only (no counters or internal limits). */
export function toPublicLinkResponse(link: PaymentLink, merchant: PublicMerchant) {
  const { id, merchantId, slug, title, description, amount, currency, isActive, isReusable, redirectUrl, expiresAt, createdAt, updatedAt } = link;
  return {
    id,
    merchantId,
    slug,
    title,
    description,
    amount,
    currency,
    isActive,
    isReusable,
    redirectUrl,
    expiresAt,
    createdAt,
    updatedAt,
    merchant,
  } satisfies ResponseOf<typeof PublicPaymentLinkSchema>;
}
