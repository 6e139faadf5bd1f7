// Checking a second factor for a user who has two-factor sign-in on: a TOTP code (each time step
// accepted once) or a recovery code (each spent once). Shared by log-in and the account routes.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { log } from "@/lib/log";
import type { AuditSource } from "@/lib/team/audit";
import { limitedAttempt } from "../attempts";
import { recordAccountAudit } from "./account-audit";
import { hashRecoveryCode, isRecoveryCodeShape, normalizeCode } from "./recovery-codes";
import { open } from "./secret-box";
import { matchTotp } from "./totp";

export type CodeCheck = { ok: true; factor: "totp" | "recovery_code" } | { ok: false; reason: "invalid" | "used" };

export const INVALID_CODE = "That two-factor code is not valid. Enter the current code from your authenticator app, or one of your recovery codes.";
export const USED_CODE = "That code has already been used. Wait for the next code from your authenticator app.";

export const isTotpShape = (normalized: string) => /^\d{6}$/.test(normalized);

/** One attempt against the account's confirmation limit (429 when none are left). */
export async function checkSecondFactor(userId: string, code: string, audit: AuditSource): Promise<CodeCheck> {
  const normalized = normalizeCode(code);
  return limitedAttempt(
    userId,
    async (): Promise<CodeCheck> =>
      isTotpShape(normalized)
        ? acceptTotp(userId, normalized)
        : isRecoveryCodeShape(normalized)
          ? spendRecoveryCode(userId, normalized, audit)
          : { ok: false, reason: "invalid" },
    (result) => result.ok,
  );
}

async function acceptTotp(userId: string, code: string): Promise<CodeCheck> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { twoFactorSecret: true } });
  if (!user?.twoFactorSecret) return { ok: false, reason: "invalid" };
  const secret = open(user.twoFactorSecret, userId);
  if (!secret) {
    // Sealed under another AUTH_SECRET: only recovery codes can sign this user in now.
    log.warn({ userId }, "two-factor secret cannot be decrypted (was AUTH_SECRET changed?)");
    return { ok: false, reason: "invalid" };
  }
  const step = matchTotp(secret, code);
  if (step === null) return { ok: false, reason: "invalid" };
  // Claim the step: a code is never accepted twice, nor an older one after a newer (concurrent uses: one wins).
  const claimed = await db.user.updateMany({
    where: { id: userId, twoFactorSecret: user.twoFactorSecret, OR: [{ twoFactorLastStep: null }, { twoFactorLastStep: { lt: step } }] },
    data: { twoFactorLastStep: step },
  });
  return claimed.count === 1 ? { ok: true, factor: "totp" } : { ok: false, reason: "used" };
}

async function spendRecoveryCode(userId: string, code: string, audit: AuditSource): Promise<CodeCheck> {
  return db.$transaction(async (tx) => {
    // One conditional update: of two concurrent uses of a code, exactly one finds it unused.
    const spent = await tx.twoFactorRecoveryCode.updateMany({
      where: { userId, codeHash: hashRecoveryCode(code), usedAt: null },
      data: { usedAt: new Date() },
    });
    if (spent.count === 0) return { ok: false, reason: "invalid" } as const;
    const remaining = await tx.twoFactorRecoveryCode.count({ where: { userId, usedAt: null } });
    await recordAccountAudit(tx, userId, "account.recovery_code_used", audit, { remaining });
    return { ok: true, factor: "recovery_code" } as const;
  });
}

/** Log-in's second step: the password was right; now a code is needed (401 with twoFactorRequired until one is). */
export async function requireSecondFactor(userId: string, code: string | undefined, audit: AuditSource): Promise<void> {
  const required = (message: string) => new ApiError({ status: 401, message, code: "two_factor_required", extra: { twoFactorRequired: true } });
  if (!code) throw required("Two-factor code required");
  const result = await checkSecondFactor(userId, code, audit);
  if (!result.ok) throw required(result.reason === "used" ? USED_CODE : INVALID_CODE);
}
