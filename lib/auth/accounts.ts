import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { ApiError, isUniqueViolation } from "@/lib/api/errors";
import { createLimiter } from "@/lib/api/rate-limit";
import { sendEmailAfterCommit as deliver } from "@/lib/email/send";
import { passwordResetEmail, verificationEmail } from "@/lib/email/messages";
import { createApiKey } from "./api-keys";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { randomToken, sha256 } from "./tokens";
import { toMerchantResponse, toUserResponse } from "./serializers";
import type { SignupInput } from "./schemas";

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

// Failed log-ins: 10 per e-mail and 50 per IP address in 15 minutes. E-mail sends: 5 per hour per address.
const loginByEmail = createLimiter("login-email", 10, 15 * 60);
const loginByIp = createLimiter("login-ip", 50, 15 * 60);
const emailSends = createLimiter("email-send", 5, 60 * 60);
const signupByIp = createLimiter("signup-ip", 20, 60 * 60);

export async function signup(input: SignupInput, ip: string) {
  await signupByIp.consume(ip);
  const emailTaken = () => ApiError.conflict("A user with this email already exists");
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const token = randomToken();
  try {
    const created = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash, role: "merchant_owner" },
      });
      const merchant = await tx.merchant.create({
        data: { businessName: input.businessName, ownerId: user.id, memberships: { create: { userId: user.id, role: "OWNER" } } },
      });
      const keys = await createApiKey(tx, merchant.id, "test");
      await tx.emailVerificationToken.create({
        data: { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + VERIFY_TTL_MS) },
      });
      return { user, merchant, keys };
    });
    await deliver(verificationEmail({ to: input.email, firstName: input.firstName, url: verifyUrl(token) }));
    const { user, merchant, keys } = created;
    return {
      user: toUserResponse(user, merchant),
      merchant: { ...toMerchantResponse(merchant, user), testApiKey: keys.publicKey, testSecretKey: keys.secretKey },
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

type TokenCheck = { ok: true } | { ok: false; message: string };

/** Marks the e-mail verified. Used once: a second use, an expired or an unknown token is refused. */
export async function verifyEmailToken(token: string): Promise<TokenCheck> {
  const row = await db.emailVerificationToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row) return { ok: false, message: "This verification link is invalid." };
  if (row.usedAt) return { ok: false, message: "This verification link has already been used." };
  if (row.expiresAt < new Date()) return { ok: false, message: "This verification link has expired. Log in to request a new one." };
  const now = new Date();
  const used = await db.$transaction(async (tx) => {
    const claimed = await tx.emailVerificationToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count === 0) return false;
    await tx.user.update({ where: { id: row.userId }, data: { isEmailVerified: true, emailVerifiedAt: now } });
    return true;
  });
  return used ? { ok: true } : { ok: false, message: "This verification link has already been used." };
}

/** Checks credentials for both the API log-in and the dashboard session. */
export async function authenticateUser(email: string, password: string, ip: string) {
  await Promise.all([loginByEmail.check(email), loginByIp.check(ip)]);
  const user = await db.user.findUnique({
    where: { email },
    omit: { passwordHash: false },
    include: { ownedMerchants: { orderBy: { createdAt: "asc" }, take: 1 } },
  });
  const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!user || !valid) {
    await Promise.all([loginByEmail.consume(email), loginByIp.consume(ip)]);
    throw ApiError.unauthorized("Invalid email or password");
  }
  if (!user.isEmailVerified) throw ApiError.unauthorized("Please verify your email before logging in");
  await loginByEmail.reset(email);
  const { passwordHash: _hash, ownedMerchants, ...rest } = user;
  return { user: rest, response: toUserResponse(rest, ownedMerchants[0]) };
}

export async function resendVerification(email: string): Promise<void> {
  await emailSends.consume(`verify:${email}`);
  const user = await db.user.findUnique({ where: { email } });
  if (!user || user.isEmailVerified) return;
  const token = randomToken();
  await db.emailVerificationToken.create({
    data: { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + VERIFY_TTL_MS) },
  });
  await deliver(verificationEmail({ to: email, firstName: user.firstName, url: verifyUrl(token) }));
}

export async function requestPasswordReset(email: string): Promise<void> {
  await emailSends.consume(`reset:${email}`);
  const user = await db.user.findUnique({ where: { email } });
  if (!user) return;
  const token = randomToken();
  await db.passwordResetToken.create({
    data: { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) },
  });
  await deliver(passwordResetEmail({ to: email, firstName: user.firstName, url: `${config().appUrl}/reset-password?token=${token}` }));
}

/** Sets a new password, proves the e-mail, and signs the user out of every other session. */
export async function resetPassword(token: string, password: string): Promise<void> {
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row || row.usedAt || row.expiresAt < new Date()) {
    throw ApiError.badRequest("This password reset link is invalid or has expired");
  }
  const passwordHash = await hashPassword(password);
  const done = await db.$transaction(async (tx) => {
    const claimed = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (claimed.count === 0) return false;
    await tx.user.update({
      where: { id: row.userId },
      data: { passwordHash, sessionVersion: { increment: 1 }, isEmailVerified: true },
    });
    return true;
  });
  if (!done) throw ApiError.badRequest("This password reset link is invalid or has expired");
}

function verifyUrl(token: string): string {
  return `${config().appUrl}/api/auth/verify-email?token=${token}`;
}
