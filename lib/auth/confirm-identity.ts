// Confirming that the person at the keyboard is the account holder, with the password or a
// two-factor code, as attempts against the account's one confirmation limit (./attempts.ts).
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { AuditSource } from "@/lib/team/audit";
import { limitedAttempt } from "./attempts";
import { verifyPassword } from "./password";
import { checkSecondFactor, type CodeCheck } from "./two-factor/codes";

/** Whether `password` is the user's password, as one limited attempt. */
export async function confirmPassword(userId: string, password: string): Promise<boolean> {
  return limitedAttempt(
    userId,
    async () => {
      const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
      return verifyPassword(user.passwordHash, password);
    },
    (ok) => ok,
  );
}

export type IdentityCheck = { ok: true } | { ok: false; factor: "password" } | ({ ok: false; factor: "code" } & Extract<CodeCheck, { ok: false }>);

/** A two-factor code when one is given, else the password (400 when neither is). */
export async function confirmIdentity(userId: string, proof: { password?: string; code?: string }, audit: AuditSource): Promise<IdentityCheck> {
  if (proof.code) {
    const check = await checkSecondFactor(userId, proof.code, audit);
    return check.ok ? { ok: true } : { ...check, factor: "code" };
  }
  if (!proof.password) {
    throw ApiError.validation([{ field: "password", message: "Enter your password (or a two-factor code) to confirm the change" }]);
  }
  return (await confirmPassword(userId, proof.password)) ? { ok: true } : { ok: false, factor: "password" };
}
