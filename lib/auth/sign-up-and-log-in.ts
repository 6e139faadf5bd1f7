// Before a session: sign-up, e-mail verification, log-in (with the second factor) and password reset.
// The signed-in user's own account settings live in account-settings.ts.
import { db } from "@/lib/db/client";
import { ApiError, isUniqueViolation } from "@/lib/api/errors";
import { LIMITS } from "@/lib/api/limits";
import { queueEmail } from "@/lib/email/queue";
import { createApiKey } from "./api-keys";
import { retireUnprovenAccess, revokeCredentials } from "./credentials";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { sha256 } from "./tokens";
import { requireSecondFactor } from "./two-factor/codes";
import { applyDueRemoval, cancelRemoval, scheduleRemovalAfterReset } from "./two-factor/removal";
import { toMerchantResponse } from "@/lib/merchants/serializers";
import { firstOwnedMerchant, toUserResponse } from "./serializers";
import type { SignupInput } from "./schemas";

const { loginByEmail, loginByIp, emailSends, signupByIp } = LIMITS;

export async function signup(input: SignupInput, ip: string) {
  await signupByIp.consume(ip);
  const emailTaken = () => ApiError.conflict("A user with this email already exists");
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  try {
    const created = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash, role: "merchant_owner" },
      });
      const merchant = await tx.merchant.create({
        data: { businessName: input.businessName, ownerId: user.id, memberships: { create: { userId: user.id, role: "OWNER" } } },
        include: { memberships: { select: { environment: true } } },
      });
      // A test secret is kept sealed too, so a merchant who signed up in the browser sees it on Developers.
      const keys = await createApiKey(tx, merchant.id, "test");
      await queueEmail(tx, { kind: "verify-email", email: input.email });
      return { user, merchant, keys };
    });
    const { user, merchant, keys } = created;
    return {
      user: toUserResponse(user, merchant),
      merchant: { ...toMerchantResponse(merchant, user, merchant.memberships[0]!.environment), testApiKey: keys.publicKey, testSecretKey: keys.secretKey },
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Why a verification link did not work, in words (the verify page shows them by reason). */
export const VERIFY_EMAIL_FAILURES = {
  invalid: "This verification link is invalid.",
  used: "This verification link has already been used.",
  expired: "This verification link has expired. Log in to request a new one.",
} as const;
export type VerifyEmailFailure = keyof typeof VERIFY_EMAIL_FAILURES;
type TokenCheck = { ok: true; userId: string } | { ok: false; reason: VerifyEmailFailure; message: string };

const failed = (reason: VerifyEmailFailure): TokenCheck => ({ ok: false, reason, message: VERIFY_EMAIL_FAILURES[reason] });

/** Marks the e-mail verified. Used once: a second use, an expired or an unknown token is refused. */
export async function verifyEmailToken(token: string): Promise<TokenCheck> {
  const row = await db.emailVerificationToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row) return failed("invalid");
  if (row.usedAt) return failed("used");
  if (row.expiresAt < new Date()) return failed("expired");
  const now = new Date();
  const used = await db.$transaction(async (tx) => {
    const claimed = await tx.emailVerificationToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count === 0) return null;
    await tx.user.update({ where: { id: row.userId }, data: { isEmailVerified: true, emailVerifiedAt: now } });
    return true;
  });
  return used ? { ok: true, userId: row.userId } : failed("used");
}

/**
 * Checks credentials for both the API log-in and the dashboard session. The password comes first,
 * so a wrong one never tells whether the account has two-factor sign-in; then its code, if it has.
 */
export async function authenticateUser(email: string, password: string, ip: string, code?: string, userAgent?: string) {
  await Promise.all([loginByEmail.check(email), loginByIp.check(ip)]);
  const user = await db.user.findUnique({
    where: { email },
    omit: { passwordHash: false },
    include: { ownedMerchants: firstOwnedMerchant },
  });
  const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!user || !valid) {
    await Promise.all([loginByEmail.consume(email), loginByIp.consume(ip)]);
    throw ApiError.unauthorized("Invalid email or password", { code: "invalid_credentials" });
  }
  if (!user.isEmailVerified) throw ApiError.unauthorized("Please verify your email before logging in", { code: "email_not_verified" });
  await loginByEmail.reset(email);
  if (user.twoFactorEnabledAt) {
    const audit = { actor: { kind: "user" as const, userId: user.id }, ip, userAgent };
    // A removal asked for with a password reset takes effect at the first log-in once due; a valid code before that cancels it.
    if (!(user.twoFactorRemovalDueAt && (await applyDueRemoval(user.id, audit)))) {
      await requireSecondFactor(user.id, code, audit);
      if (user.twoFactorRemovalDueAt) await cancelRemoval(user.id, audit);
    }
  }
  const { passwordHash: _hash, ownedMerchants, ...rest } = user;
  return { user: rest, response: toUserResponse(rest, ownedMerchants[0]) };
}

// Both answer the same for every address and do the same work for it: count it, queue a job. Whether
// the address has an account is decided when the job runs (lib/auth/emails.ts), outside the request,
// so response times cannot tell.
export async function resendVerification(email: string): Promise<void> {
  await emailSends.consume(`verify:${email}`);
  await queueEmail(db, { kind: "verify-email", email });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await emailSends.consume(`reset:${email}`);
  await queueEmail(db, { kind: "password-reset", email });
}

/**
 * Sets a new password, proves the e-mail, and signs the user out of every other session. With
 * `removeTwoFactor`, also schedules two-factor sign-in's removal after the wait (./two-factor/removal.ts).
 */
export async function resetPassword(token: string, password: string, { removeTwoFactor = false } = {}): Promise<{ twoFactorRemovalAt: Date | null }> {
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row || row.usedAt || row.expiresAt < new Date()) {
    throw ApiError.badRequest("This password reset link is invalid or has expired");
  }
  const passwordHash = await hashPassword(password);
  const done = await db.$transaction(async (tx) => {
    const claimed = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (claimed.count === 0) return false;
    const user = await tx.user.findUniqueOrThrow({ where: { id: row.userId }, select: { isEmailVerified: true } });
    if (!user.isEmailVerified) await retireUnprovenAccess(tx, row.userId);
    // Every other open link dies too: a newer reset must not be undone by an older link.
    await revokeCredentials(tx, row.userId, { passwordHash, isEmailVerified: true });
    const twoFactorRemovalAt = removeTwoFactor ? await scheduleRemovalAfterReset(tx, row.userId) : null;
    // The owner hears of the removal at once, whoever asked for it.
    if (twoFactorRemovalAt) await queueEmail(tx, { kind: "two-factor-removal", userId: row.userId });
    return { twoFactorRemovalAt };
  });
  if (!done) throw ApiError.badRequest("This password reset link is invalid or has expired");
  return done;
}
