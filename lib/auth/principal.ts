import { decode } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { db, hotQuery } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/api/errors";
import { isSecretKey } from "./api-keys";
import { isKeyGrantable, type Permission } from "./permissions";
import { verifyApiToken } from "./jwt";
import { sha256 } from "./tokens";

export type UserPrincipal = { kind: "user"; userId: string; via: "jwt" | "session" };
export type ApiKeyPrincipal = {
  kind: "apiKey";
  apiKeyId: string;
  merchantId: string;
  environment: Environment;
  /** A restricted key's own permissions; null for the mode's default key (API_KEY_PERMISSIONS). */
  permissions: readonly Permission[] | null;
};
export type Principal = UserPrincipal | ApiKeyPrincipal;

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/**
 * Who is calling: a Bearer secret key, a Bearer login JWT, or the dashboard's session cookie.
 * Returns null when no credential is sent; throws 401 when one is sent but is not valid.
 */
export async function authenticate(req: NextRequest): Promise<Principal | null> {
  const header = req.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw ApiError.unauthorized();
    const token = match[1]!;
    return isSecretKey(token) ? fromSecretKey(token) : fromApiToken(token);
  }
  return fromSessionCookie(req);
}

async function fromSecretKey(secretKey: string): Promise<ApiKeyPrincipal> {
  // One indexed, prepared statement: every keyed API call runs it, and a revoked or rolled key stops at once (no cache).
  const [key] = await hotQuery<{
    id: string;
    merchantId: string;
    environment: Environment;
    revokedAt: Date | null;
    restricted: boolean;
    permissions: string[];
  }>("api-key-by-hash", `SELECT id, "merchantId", environment, "revokedAt", restricted, permissions FROM "ApiKey" WHERE "secretKeyHash" = $1`, [
    sha256(secretKey),
  ]);
  if (!key || key.revokedAt) throw ApiError.unauthorized(undefined, { code: "invalid_api_key" });
  // Only grantable names count: a permission later withdrawn from keys is simply not held.
  const permissions = key.restricted ? key.permissions.filter(isKeyGrantable) : null;
  return { kind: "apiKey", apiKeyId: key.id, merchantId: key.merchantId, environment: key.environment, permissions };
}

async function fromApiToken(token: string): Promise<UserPrincipal> {
  const claims = await verifyApiToken(token);
  if (!claims) throw ApiError.unauthorized();
  await assertActiveSession(claims.userId, claims.sessionVersion);
  return { kind: "user", userId: claims.userId, via: "jwt" };
}

async function fromSessionCookie(req: NextRequest): Promise<UserPrincipal | null> {
  const cookie = SESSION_COOKIES.map((name) => req.cookies.get(name)?.value).find(Boolean);
  if (!cookie) return null;
  const token = await decode({ token: cookie, secret: config().AUTH_SECRET }).catch(() => null);
  const userId = token?.sub;
  if (!userId || typeof token.sv !== "number") throw ApiError.unauthorized();
  await assertActiveSession(userId, token.sv);
  return { kind: "user", userId, via: "session" };
}

async function assertActiveSession(userId: string, sessionVersion: number): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  if (!user || user.sessionVersion !== sessionVersion) throw ApiError.unauthorized();
}
