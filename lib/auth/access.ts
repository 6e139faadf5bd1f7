import { db } from "@/lib/db/client";
import type { Environment, MembershipRole } from "@/lib/db/generated/enums";
import { ApiError } from "@/lib/api/errors";
import { API_KEY_PERMISSIONS, RESTRICTED_ONLY_PERMISSIONS, roleAllows, type Permission } from "./permissions";
import type { ApiKeyPrincipal, Principal } from "./principal";
import { twoFactorSetupRequired } from "./two-factor/gate";
import { findOr404 } from "@/lib/api/find";

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

const MERCHANT_NOT_FOUND = "Merchant not found";

/**
 * Resolves what the caller may do on a merchant. A merchant the caller does not belong to
 * answers 404 exactly like one that does not exist, so ids reveal nothing.
 */
export async function requireMerchantAccess(principal: Principal, merchantId: string, permission: Permission): Promise<MerchantAccess> {
  if (principal.kind === "apiKey") {
    // A key acts on its own merchant only (the id compared, as a UUID, case-blind).
    if (principal.merchantId !== merchantId.toLowerCase()) throw ApiError.missing(MERCHANT_NOT_FOUND, "merchantId");
    requireKeyPermission(principal, permission);
    return { merchantId: principal.merchantId, role: null, environment: principal.environment };
  }

  const membership = await findOr404(
    merchantId,
    MERCHANT_NOT_FOUND,
    (id) =>
      db.membership.findUnique({
        where: { userId_merchantId: { userId: principal.userId, merchantId: id } },
        select: {
          merchantId: true,
          role: true,
          environment: true,
          merchant: { select: { requireTwoFactor: true } },
          user: { select: { twoFactorEnabledAt: true } },
        },
      }),
    "merchantId",
  );
  // The owner requires two-factor sign-in of every member: none of the business until this one has it.
  if (membership.merchant.requireTwoFactor && !membership.user.twoFactorEnabledAt) throw twoFactorSetupRequired();
  if (!roleAllows(membership.role, permission)) throw ApiError.forbidden();
  return { merchantId: membership.merchantId, role: membership.role, environment: membership.environment };
}

/**
 * A restricted key holds exactly its permissions (403 naming the missing one). The default key holds
 * API_KEY_PERMISSIONS; where only a restricted key may act (links, invoices) it gets today's 401,
 * since the contract says those need a user JWT.
 */
export function requireKeyPermission(key: ApiKeyPrincipal, permission: Permission): void {
  if (key.permissions) {
    if (!key.permissions.includes(permission))
      throw ApiError.forbidden(`This restricted key lacks the ${permission} permission`, { code: "key_permission_missing" });
    return;
  }
  if (API_KEY_PERMISSIONS.includes(permission)) return;
  if (RESTRICTED_ONLY_PERMISSIONS.includes(permission)) {
    throw ApiError.unauthorized(`This endpoint needs a user token from POST /api/auth/login, or a restricted key with ${permission}`, {
      code: "user_token_required",
    });
  }
  throw ApiError.forbidden("Secret keys cannot do this; sign in to the dashboard", { code: "key_permission_missing" });
}
