// The one way a password change or "sign out everywhere" takes effect. The session version moves on
// (older login JWTs and dashboard cookies stop working) and every open password-reset link dies with
// them, so a link sent before the change cannot undo it.
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { createApiKey } from "./api-keys";

/** Ends every session and reset link of the user, applying `changes` (e.g. a new password hash) at once. Returns the new session version. */
export async function revokeCredentials(tx: Tx, userId: string, changes: Prisma.UserUpdateInput = {}): Promise<number> {
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  const updated = await tx.user.update({
    where: { id: userId },
    data: { ...changes, sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  return updated.sessionVersion;
}

/**
 * Deletes an account whose address was never proved, with everything it holds: password, sessions,
 * reset and verification links, two-factor secrets (rows of the user), memberships, and the
 * businesses it owns. Those can only be its sign-up's own (inviting or transferring ownership needs a
 * signed-in, hence verified, user), used since then only through the test key handed out at sign-up,
 * so they hold test data only; their transactions go first (the one relation that restricts deletes).
 * Used when the address's owner proves it another way (an invitation's token): someone who signed up
 * with that address first keeps nothing. Returns false, changing nothing, if the account is verified.
 */
export async function discardUnverifiedAccount(tx: Tx, userId: string): Promise<{ merchantsRemoved: number } | false> {
  // Takes the row lock first, so a verification at the same moment waits for this to finish.
  const locked = await tx.user.updateMany({ where: { id: userId, isEmailVerified: false }, data: { sessionVersion: { increment: 1 } } });
  if (locked.count === 0) return false;
  const owned = (await tx.merchant.findMany({ where: { ownerId: userId }, select: { id: true } })).map((m) => m.id);
  if (owned.length) {
    await tx.transaction.deleteMany({ where: { merchantId: { in: owned } } });
    await tx.merchant.deleteMany({ where: { id: { in: owned } } });
  }
  await tx.user.delete({ where: { id: userId } });
  return { merchantsRemoved: owned.length };
}

/**
 * A password reset is the first proof of the address on an unverified account: what its sign-up
 * handed out before anyone proved the address (key pairs, and webhook endpoints set up with them)
 * is retired. The business stays, since the person resetting is usually the one who signed up:
 * fresh key pairs replace the old ones (their test secret shown on Developers to owners and admins) and the
 * endpoints are disabled (the owner can turn them back on).
 */
export async function retireUnprovenAccess(tx: Tx, userId: string): Promise<void> {
  const now = new Date();
  // Restricted keys are revoked with the rest but not replaced: only the default pairs come back.
  const keys = await tx.apiKey.findMany({
    where: { merchant: { ownerId: userId }, revokedAt: null, restricted: false },
    select: { merchantId: true, environment: true },
  });
  await tx.apiKey.updateMany({ where: { merchant: { ownerId: userId }, revokedAt: null }, data: { revokedAt: now, secretKeySealed: null } });
  for (const key of keys) await createApiKey(tx, key.merchantId, key.environment);
  await tx.webhookEndpoint.updateMany({ where: { merchant: { ownerId: userId }, active: true }, data: { active: false, disabledAt: now } });
}
