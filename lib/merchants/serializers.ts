import type { Merchant, User } from "@/lib/db/generated/client";
import type { Environment } from "@/lib/db/generated/enums";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { MerchantSchema } from "@/lib/api/openapi/resources";

type OwnerFields = Pick<User, "id" | "firstName" | "lastName" | "email">;

/**
 * The contract's Merchant with its owner's public details. `environment` is the caller's own view:
 * a member's chosen mode, or a secret key's mode (there is no team-wide mode).
 */
export function toMerchantResponse(merchant: Merchant, owner: OwnerFields, environment: Environment) {
  return {
    ...columns(merchant, ["id", "businessName", "status"]),
    environment,
    ...columns(merchant, [
      "supportEmail",
      "supportPhone",
      "website",
      "brandColor",
      "logoUrl",
      "requireTwoFactor",
      "assignVirtualAccounts",
      "createdAt",
      "updatedAt",
    ]),
    owner: columns(owner, ["id", "firstName", "lastName", "email"]),
  } satisfies ResponseOf<typeof MerchantSchema>;
}
