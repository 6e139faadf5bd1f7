import type { Merchant, User } from "@/lib/db/generated/client";

type PublicUser = Omit<User, "passwordHash" | "twoFactorSecret" | "twoFactorPendingSecret">;

/** The contract's User: never the password hash or session internals. */
export function toUserResponse(user: PublicUser, ownedMerchant?: Merchant | null) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    isEmailVerified: user.isEmailVerified,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    ownedMerchant: ownedMerchant
      ? { id: ownedMerchant.id, businessName: ownedMerchant.businessName, status: ownedMerchant.status, environment: ownedMerchant.environment }
      : null,
  };
}
