import { db } from "@/lib/db/client";
import type { Environment, MembershipRole } from "@/lib/db/generated/enums";
import { ApiError } from "@/lib/api/errors";
import { API_KEY_PERMISSIONS, roleAllows, type Permission } from "./permissions";
import type { Principal } from "./principal";
import { twoFactorSetupRequired } from "./two-factor/gate";
import { isUuid } from "@/lib/api/validation";

/** One merchant in one mode: what every merchant-scoped query and change is limited to. */
export type MerchantScope = {
  merchantId: string;
  /** test or live: a key's own mode, or the member's own view (Membership.environment). */
  environment: Environment;
};

export type MerchantAccess = MerchantScope & {
  /** The membership role, or null when a secret key is acting. */
  role: MembershipRole | null;
};

const merchantNotFound = () => ApiError.notFound("Merchant not found");

/**
 * Resolves what the caller may do on a merchant. A merchant the caller does not belong to
 * answers 404 exactly like one that does not exist, so ids reveal nothing.
 */
export async function requireMerchantAccess(principal: Principal, merchantId: string, permission: Permission): Promise<MerchantAccess> {
  if (!isUuid(merchantId)) throw merchantNotFound();

  if (principal.kind === "apiKey") {
    if (principal.merchantId !== merchantId.toLowerCase()) throw merchantNotFound();
    if (!API_KEY_PERMISSIONS.includes(permission)) throw ApiError.forbidden("Secret keys cannot do this; sign in to the dashboard");
    return { merchantId: principal.merchantId, role: null, environment: principal.environment };
  }

  const membership = await db.membership.findUnique({
    where: { userId_merchantId: { userId: principal.userId, merchantId } },
    select: { role: true, environment: true, merchant: { select: { requireTwoFactor: true } }, user: { select: { twoFactorEnabledAt: true } } },
  });
  if (!membership) throw merchantNotFound();
  // The owner requires two-factor sign-in of every member: none of the business until this one has it.
  if (membership.merchant.requireTwoFactor && !membership.user.twoFactorEnabledAt) throw twoFactorSetupRequired();
  if (!roleAllows(membership.role, permission)) throw ApiError.forbidden();
  return { merchantId, role: membership.role, environment: membership.environment };
}
