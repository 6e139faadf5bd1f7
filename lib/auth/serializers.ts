import type { Merchant, User } from "@/lib/db/generated/client";
import type { Environment } from "@/lib/db/generated/enums";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { UserSchema } from "@/lib/api/openapi/resources";

type PublicUser = Omit<User, "passwordHash" | "twoFactorSecret" | "twoFactorPendingSecret">;

/** The user's first business, with the owner's membership: its `environment` is the user's own view. */
export const firstOwnedMerchant = {
  orderBy: { createdAt: "asc" },
  take: 1,
  include: { memberships: { where: { role: "OWNER" }, select: { environment: true } } },
} as const;

type OwnedMerchant = Merchant & { memberships: { environment: Environment }[] };

/** The contract's User: never the password hash or session internals. */
export function toUserResponse(user: PublicUser, ownedMerchant?: OwnedMerchant | null) {
  return {
    ...columns(user, ["id", "firstName", "lastName", "email", "role", "isEmailVerified", "createdAt", "updatedAt"]),
    ownedMerchant: ownedMerchant
      ? { ...columns(ownedMerchant, ["id", "businessName", "status"]), environment: ownedMerchant.memberships[0]?.environment ?? "test" }
      : null,
  } satisfies ResponseOf<typeof UserSchema>;
}
