// An owner's switch: every member of the business must use two-factor sign-in. Members without it
// are refused the business's routes (lib/auth/access.ts, 403 twoFactorSetupRequired) and sent to
// the enrolment screen in the dashboard (lib/auth/session.ts) until they turn it on.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { recordAudit, type AuditSource } from "@/lib/team/audit";

export async function setTwoFactorRequirement(merchantId: string, required: boolean, userId: string, audit: AuditSource) {
  return db.$transaction(async (tx) => {
    if (required) {
      // The owner goes first: requiring it without having it would shut the owner out too.
      const owner = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactorEnabledAt: true } });
      if (!owner.twoFactorEnabledAt)
        throw ApiError.conflict("Turn on two-factor sign-in for your own account first (Settings, or POST /api/account/two-factor/setup)");
    }
    const changed = await tx.merchant.updateMany({ where: { id: merchantId, requireTwoFactor: !required }, data: { requireTwoFactor: required } });
    if (changed.count > 0) {
      const action = required ? "merchant.two_factor_required" : "merchant.two_factor_not_required";
      await recordAudit(tx, { ...audit, merchantId, action, targetType: "merchant", targetId: merchantId });
    }
    return { requireTwoFactor: required };
  });
}

/** The name of a business of the user's that requires two-factor sign-in, if any (to warn before turning it off). */
export async function businessRequiringTwoFactor(userId: string): Promise<string | null> {
  const membership = await db.membership.findFirst({
    where: { userId, merchant: { requireTwoFactor: true } },
    select: { merchant: { select: { businessName: true } } },
  });
  return membership?.merchant.businessName ?? null;
}
