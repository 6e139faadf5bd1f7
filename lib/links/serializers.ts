import type { Merchant, PaymentLink } from "@/lib/db/generated/client";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { PaymentLinkSchema, PublicMerchantSchema, PublicPaymentLinkSchema } from "@/lib/api/openapi/resources";

/** What a link's public read shows of it too, besides its dates (which end both answers). */
const PUBLIC_LINK_FIELDS = [
  "id",
  "merchantId",
  "slug",
  "title",
  "description",
  "amount",
  "currency",
  "isActive",
  "isReusable",
  "redirectUrl",
  "expiresAt",
] as const;

/** What only the merchant's own reads show: the limits, counters and mode. */
const MERCHANT_LINK_FIELDS = ["maxPayments", "completedPayments", "visitCount", "environment"] as const;

/** The contract's PaymentLink, plus the limits and counters the dashboard shows. */
export function toLinkResponse(link: PaymentLink) {
  return columns(link, [...PUBLIC_LINK_FIELDS, ...MERCHANT_LINK_FIELDS, "createdAt", "updatedAt"]) satisfies ResponseOf<typeof PaymentLinkSchema>;
}
export type LinkResponse = ReturnType<typeof toLinkResponse>;

const PUBLIC_MERCHANT_FIELDS = ["id", "businessName", "logoUrl", "brandColor", "supportEmail", "supportPhone", "website"] as const;

/** What a paying customer may see of a merchant: nothing internal. */
export function toPublicMerchant(m: Pick<Merchant, (typeof PUBLIC_MERCHANT_FIELDS)[number]>) {
  return columns(m, PUBLIC_MERCHANT_FIELDS) satisfies ResponseOf<typeof PublicMerchantSchema>;
}
export type PublicMerchant = ReturnType<typeof toPublicMerchant>;

/** The public read: the customer-facing fields only (no counters or internal limits). */
export function toPublicLinkResponse(link: PaymentLink, merchant: PublicMerchant) {
  return {
    ...columns(link, [...PUBLIC_LINK_FIELDS, "createdAt", "updatedAt"]),
    merchant,
  } satisfies ResponseOf<typeof PublicPaymentLinkSchema>;
}
