import type { Tx } from "@/lib/db/client";
import { recordAudit, type AuditSource } from "@/lib/team/audit";

export type AccountAuditAction =
  | "account.two_factor_enabled"
  | "account.two_factor_disabled"
  | "account.recovery_codes_regenerated"
  | "account.recovery_code_used"
  | "account.two_factor_removal_requested"
  | "account.two_factor_removal_cancelled"
  | "account.two_factor_removed_after_wait";

/**
 * Audit rows belong to a merchant, and a user's own security change concerns every business they
 * can act in: one row in each, so each business's owners and admins see it in their log.
 */
export async function recordAccountAudit(tx: Tx, userId: string, action: AccountAuditAction, source: AuditSource, metadata?: Record<string, unknown>) {
  const memberships = await tx.membership.findMany({ where: { userId }, select: { merchantId: true } });
  for (const { merchantId } of memberships) {
    await recordAudit(tx, { ...source, merchantId, action, targetType: "user", targetId: userId, metadata });
  }
}
