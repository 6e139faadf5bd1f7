// The signed-in user's own account: name, password change, and "sign out of other sessions".
// Both of the latter go through revokeCredentials (every older login JWT, dashboard cookie and
// reset link stops working) and then hand the current caller a credential carrying the new version.
import { encode, decode } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/api/errors";
import { revokeCredentials } from "./credentials";
import { signApiToken } from "./jwt";
import { SESSION_MAX_AGE_SECONDS } from "./next-auth";
import { confirmPassword } from "./confirm-identity";
import { hashPassword } from "./password";
import { SESSION_COOKIES, type UserPrincipal } from "./principal";
import { firstOwnedMerchant, toUserResponse } from "./serializers";

export async function getAccount(userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, include: { ownedMerchants: firstOwnedMerchant } });
  const { ownedMerchants, ...rest } = user;
  return toUserResponse(rest, ownedMerchants[0]);
}

export async function updateAccount(userId: string, changes: { firstName?: string; lastName?: string }) {
  await db.user.update({ where: { id: userId }, data: changes });
  return getAccount(userId);
}

export async function changePassword(userId: string, currentPassword: string, newPassword: string): Promise<number> {
  if (!(await confirmPassword(userId, currentPassword))) {
    throw ApiError.validation([{ field: "currentPassword", message: "Your current password is not correct" }]);
  }
  const passwordHash = await hashPassword(newPassword);
  return db.$transaction((tx) => revokeCredentials(tx, userId, { passwordHash }));
}

export async function signOutOtherSessions(userId: string): Promise<number> {
  return db.$transaction((tx) => revokeCredentials(tx, userId));
}

/**
 * Keeps the caller signed in after its session version was bumped: a login JWT gets a fresh token
 * in the body; the dashboard's cookie is re-issued with the new version (same name and lifetime).
 */
export async function continueSession(req: NextRequest, principal: UserPrincipal, sessionVersion: number): Promise<{ token?: string; cookie?: string }> {
  if (principal.via === "jwt") return { token: await signApiToken(principal.userId, sessionVersion) };
  const name = SESSION_COOKIES.find((n) => req.cookies.get(n)?.value);
  const current = name ? await decode({ token: req.cookies.get(name)!.value, secret: config().AUTH_SECRET }) : null;
  if (!name || !current) return {};
  const value = await encode({ token: { ...current, sv: sessionVersion }, secret: config().AUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
  const secure = name.startsWith("__Secure-") ? "; Secure" : "";
  return { cookie: `${name}=${value}; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}` };
}
