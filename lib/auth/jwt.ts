import { SignJWT, jwtVerify } from "jose";
import { config } from "@/lib/config";

// API tokens from POST /api/auth/login. `sv` is the user's session version: bumping it signs them out everywhere.
const ISSUER = "paylink";
const AUDIENCE = "paylink-api";
export const API_TOKEN_TTL_SECONDS = 24 * 60 * 60;

const key = () => new TextEncoder().encode(config().AUTH_SECRET);

export async function signApiToken(userId: string, sessionVersion: number): Promise<string> {
  return new SignJWT({ sv: sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${API_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

export async function verifyApiToken(token: string): Promise<{ userId: string; sessionVersion: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    return { userId: payload.sub, sessionVersion: payload.sv };
  } catch {
    return null;
  }
}
