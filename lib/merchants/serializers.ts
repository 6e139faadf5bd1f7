import type { Merchant, User } from "@/lib/db/generated/client";
import type { Environment } from "@/lib/db/generated/enums";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { MerchantSchema } from "@/lib/api/openapi/resources";

type OwnerFields = Pick<User, "id" | "firstName" | "lastName" | "email">;

/**
 * The contract's Merchant with its owner's public details. `environment` is the caller's own view:
 * a member's chosen mode, or a secret key's mode (there is no team-wide mode).
 */
export function toMerchantResponse(merchant: Merchant, owner: OwnerFields, environment: Environment) {
  return {
    id: merchant.id,
    businessName: merchant.businessName,
    status: merchant.status,
    environment,
    supportEmail: merchant.supportEmail,
    supportPhone: merchant.supportPhone,
    website: merchant.website,
    brandColor: merchant.brandColor,
    logoUrl: merchant.logoUrl,
    requireTwoFactor: merchant.requireTwoFactor,
    assignVirtualAccounts: merchant.assignVirtualAccounts,
    createdAt: merchant.createdAt,
    updatedAt: merchant.updatedAt,
    owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
  } satisfies ResponseOf<typeof MerchantSchema>;
}
