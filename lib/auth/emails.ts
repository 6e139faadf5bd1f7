// Account e-mails, built when their queued job runs (lib/email/worker.ts). The link's token is made
// here rather than in the request: no secret waits in the queue, and the request that asked did the
// same work whether or not the address has an account.
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { passwordResetEmail, twoFactorRemovalEmail, verificationEmail, type EmailMessage } from "@/lib/email/messages";
import { formatLagosDateTime } from "@/lib/lagos-time";
import { TWO_FACTOR_REMOVAL_WAIT_HOURS } from "./two-factor/removal";
import { randomToken, sha256 } from "./tokens";

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

/** A fresh verification link for the unverified account with this address; null for none or a verified one. */
export async function verificationEmailFor(email: string): Promise<EmailMessage | null> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, firstName: true, isEmailVerified: true } });
  if (!user || user.isEmailVerified) return null;
  const token = randomToken();
  await db.emailVerificationToken.create({ data: { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + VERIFY_TTL_MS) } });
  return verificationEmail({ to: email, firstName: user.firstName, url: `${config().appUrl}/api/auth/verify-email?token=${token}` });
}

/** A fresh password-reset link for the account with this address; null when there is none. */
export async function passwordResetEmailFor(email: string): Promise<EmailMessage | null> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, firstName: true } });
  if (!user) return null;
  const token = randomToken();
  await db.passwordResetToken.create({ data: { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) } });
  return passwordResetEmail({ to: email, firstName: user.firstName, url: `${config().appUrl}/reset-password?token=${token}` });
}

/** The warning that two-factor sign-in will be removed; null once the removal was cancelled or done. */
export async function twoFactorRemovalEmailFor(userId: string): Promise<EmailMessage | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true, twoFactorRemovalDueAt: true } });
  if (!user?.twoFactorRemovalDueAt) return null;
  return twoFactorRemovalEmail({
    to: user.email,
    firstName: user.firstName,
    waitHours: TWO_FACTOR_REMOVAL_WAIT_HOURS,
    dueAt: formatLagosDateTime(user.twoFactorRemovalDueAt),
    url: `${config().appUrl}/login`,
  });
}
