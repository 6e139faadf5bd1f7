// The way back for an owner locked out by someone else's enrolment (a stolen session that turned
// two-factor on with its own phone): a password reset by e-mail may ask to remove two-factor
// sign-in. It takes effect only after a waiting period, during which the account's address is
// e-mailed, and a log-in with a valid code cancels it: whoever really holds the second factor can
// stop a removal asked for by someone who only took over the mailbox.
import { db, type Tx } from "@/lib/db/client";
import type { AuditSource } from "@/lib/team/audit";
import { recordAccountAudit } from "./account-audit";

export const TWO_FACTOR_REMOVAL_WAIT_HOURS = 72;

const system = (userId: string): AuditSource => ({ actor: { kind: "user", userId } });

/** In the reset's transaction: schedules the removal when two-factor is on; returns when it takes effect (null when it is off). */
export async function scheduleRemovalAfterReset(tx: Tx, userId: string): Promise<Date | null> {
  const dueAt = new Date(Date.now() + TWO_FACTOR_REMOVAL_WAIT_HOURS * 60 * 60 * 1000);
  const scheduled = await tx.user.updateMany({ where: { id: userId, twoFactorEnabledAt: { not: null } }, data: { twoFactorRemovalDueAt: dueAt } });
  if (scheduled.count === 0) return null;
  await recordAccountAudit(tx, userId, "account.two_factor_removal_requested", system(userId), { dueAt: dueAt.toISOString() });
  return dueAt;
}

/** At log-in, after the password: removes two-factor sign-in when its removal is due. True when it did. */
export async function applyDueRemoval(userId: string, audit: AuditSource): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const removed = await tx.user.updateMany({
      where: { id: userId, twoFactorRemovalDueAt: { lte: new Date() } },
      data: { twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, twoFactorRemovalDueAt: null },
    });
    if (removed.count === 0) return false;
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
    await recordAccountAudit(tx, userId, "account.two_factor_removed_after_wait", audit);
    return true;
  });
}

/** A log-in with a valid code: whoever holds the second factor did not want it removed. */
export async function cancelRemoval(userId: string, audit: AuditSource): Promise<void> {
  await db.$transaction(async (tx) => {
    const cancelled = await tx.user.updateMany({ where: { id: userId, twoFactorRemovalDueAt: { not: null } }, data: { twoFactorRemovalDueAt: null } });
    if (cancelled.count > 0) await recordAccountAudit(tx, userId, "account.two_factor_removal_cancelled", audit);
  });
}
