// Turning two-factor sign-in on and off, and recovery codes, for the signed-in user.
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { AuditSource } from "@/lib/team/audit";
import { revokeCredentials } from "../credentials";
import { limitedAttempt } from "../attempts";
import { confirmPassword } from "../confirm-identity";
import { recordAccountAudit } from "./account-audit";
import { checkSecondFactor, INVALID_CODE, isTotpShape, USED_CODE } from "./codes";
import { hashRecoveryCode, newRecoveryCodes, normalizeCode } from "./recovery-codes";
import { open, seal } from "./secret-box";
import { matchTotp, newTotpSecret, otpauthUri } from "./totp";

const alreadyOn = () => ApiError.conflict("Two-factor sign-in is already on. Turn it off first to move to a new authenticator app.");
const notOn = () => ApiError.conflict("Two-factor sign-in is not on for this account");
const badCode = (message = INVALID_CODE) => ApiError.validation([{ field: "code", message }]);
const badPassword = () => ApiError.validation([{ field: "password", message: "Your password is not correct" }]);

export async function twoFactorStatus(userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { twoFactorEnabledAt: true, _count: { select: { recoveryCodes: { where: { usedAt: null } } } } },
  });
  const enabledAt = user.twoFactorEnabledAt;
  return { enabled: enabledAt !== null, enabledAt, recoveryCodesRemaining: enabledAt ? user._count.recoveryCodes : 0 };
}

/**
 * A new secret, kept (encrypted) as pending until a code from it confirms the set-up. Shown only here.
 * Needs the password: a stolen session alone must not be able to tie the account to its own phone.
 */
export async function startEnrolment(userId: string, password: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, twoFactorEnabledAt: true } });
  if (user.twoFactorEnabledAt) throw alreadyOn();
  if (!(await confirmPassword(userId, password))) throw badPassword();
  const secret = newTotpSecret();
  await db.user.update({ where: { id: userId }, data: { twoFactorPendingSecret: seal(secret, userId) } });
  return { secret, otpauthUri: otpauthUri(secret, user.email) };
}

/**
 * A code from the pending secret turns two-factor sign-in on, makes 10 recovery codes (returned
 * once) and signs out every other session (the caller gets the new session version to continue).
 */
export async function confirmEnrolment(userId: string, code: string, audit: AuditSource) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactorEnabledAt: true, twoFactorPendingSecret: true } });
  if (user.twoFactorEnabledAt) throw alreadyOn();
  const pending = user.twoFactorPendingSecret;
  const secret = pending ? open(pending, userId) : null;
  if (!pending || !secret) throw ApiError.conflict("Start the set-up first (POST /api/account/two-factor/setup), then confirm it with a code");
  const normalized = normalizeCode(code);
  const step = await limitedAttempt(
    userId,
    async () => (isTotpShape(normalized) ? matchTotp(secret, normalized) : null),
    (matched) => matched !== null,
  );
  if (step === null) throw badCode("That code is not valid. Enter the 6-digit code your authenticator app shows now.");

  const recoveryCodes = newRecoveryCodes();
  const sessionVersion = await db.$transaction(async (tx) => {
    // Conditional: a concurrent confirmation or a restarted set-up makes this one a no-op.
    const claimed = await tx.user.updateMany({
      where: { id: userId, twoFactorEnabledAt: null, twoFactorPendingSecret: pending },
      data: { twoFactorSecret: pending, twoFactorPendingSecret: null, twoFactorEnabledAt: new Date(), twoFactorLastStep: step },
    });
    if (claimed.count === 0) throw ApiError.conflict("The set-up changed while this code was checked. Start it again.");
    await replaceRecoveryCodes(tx, userId, recoveryCodes);
    await recordAccountAudit(tx, userId, "account.two_factor_enabled", audit);
    // Every session opened with the password alone ends here.
    return revokeCredentials(tx, userId);
  });
  return { recoveryCodes, sessionVersion };
}

/**
 * Needs the password and a code (TOTP or recovery code). Allowed even where a business requires it
 * (that is how someone moves to a new phone): its routes are closed to them until they set it up again.
 */
export async function disableTwoFactor(userId: string, password: string, code: string, audit: AuditSource) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactorEnabledAt: true } });
  if (!user.twoFactorEnabledAt) throw notOn();
  await refuseWhileOwnerOfLiveBusiness(userId);
  if (!(await confirmPassword(userId, password))) throw badPassword();
  await requireCode(userId, code, audit);
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null },
    });
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
    await recordAccountAudit(tx, userId, "account.two_factor_disabled", audit);
  });
}

/** The owner's two-factor sign-in is a go-live step: turning it off would undo the checklist of a business taking live payments. */
async function refuseWhileOwnerOfLiveBusiness(userId: string) {
  const live = await db.merchant.findFirst({ where: { ownerId: userId, liveEnabledAt: { not: null } }, select: { businessName: true } });
  if (live) {
    throw ApiError.conflict(
      `${live.businessName} is live, and its owner's two-factor sign-in is part of going live: it cannot be turned off. To move to a new phone, sign in with a recovery code and keep the old one until support moves it, or transfer ownership to a member who has two-factor sign-in on.`,
    );
  }
}

/** Ten new recovery codes (returned once); the old ones stop working. Needs a code. */
export async function regenerateRecoveryCodes(userId: string, code: string, audit: AuditSource) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactorEnabledAt: true } });
  if (!user.twoFactorEnabledAt) throw notOn();
  await requireCode(userId, code, audit);
  const recoveryCodes = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    await replaceRecoveryCodes(tx, userId, recoveryCodes);
    await recordAccountAudit(tx, userId, "account.recovery_codes_regenerated", audit);
  });
  return { recoveryCodes };
}

async function requireCode(userId: string, code: string, audit: AuditSource) {
  const result = await checkSecondFactor(userId, code, audit);
  if (!result.ok) throw badCode(result.reason === "used" ? USED_CODE : INVALID_CODE);
}

async function replaceRecoveryCodes(tx: Tx, userId: string, codes: string[]) {
  await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
  await tx.twoFactorRecoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })) });
}
