import type { Merchant, User } from "@/lib/db/generated/client";

type OwnerFields = Pick<User, "id" | "firstName" | "lastName" | "email">;

/** The contract's Merchant with its owner's public details. */
export function toMerchantResponse(merchant: Merchant, owner: OwnerFields) {
  return {
    id: merchant.id,
    businessName: merchant.businessName,
    status: merchant.status,
    environment: merchant.environment,
    supportEmail: merchant.supportEmail,
    supportPhone: merchant.supportPhone,
    website: merchant.website,
    brandColor: merchant.brandColor,
    logoUrl: merchant.logoUrl,
    requireTwoFactor: merchant.requireTwoFactor,
    createdAt: merchant.createdAt,
    updatedAt: merchant.updatedAt,
    owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
  };
}
