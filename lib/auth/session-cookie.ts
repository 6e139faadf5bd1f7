// Signing someone in without the log-in form, right after they proved their address: verifying their
// e-mail, or joining by invitation with the password they just chose. The cookie is the one log-in
// makes (next-auth's encrypted JWT with the token of lib/auth/next-auth.ts's jwt callback).
import { encode } from "next-auth/jwt";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { SESSION_MAX_AGE_SECONDS } from "./next-auth";

/** next-auth's cookie name: `__Secure-` prefixed when the app is served over https (its `useSecureCookies`). */
function sessionCookieName(): { name: string; secure: boolean } {
  const secure = (process.env.NEXTAUTH_URL ?? config().appUrl).startsWith("https://");
  return { name: secure ? "__Secure-next-auth.session-token" : "next-auth.session-token", secure };
}

/**
 * The Set-Cookie header of a dashboard session for this user, or null when the form must still be
 * used: an unverified address, or two-factor sign-in on (the code is asked at log-in, never skipped).
 */
export async function sessionCookieFor(userId: string): Promise<string | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, lastName: true, sessionVersion: true, isEmailVerified: true, twoFactorEnabledAt: true },
  });
  if (!user?.isEmailVerified || user.twoFactorEnabledAt) return null;
  const token = { sub: user.id, sv: user.sessionVersion, email: user.email, name: `${user.firstName} ${user.lastName}` };
  const value = await encode({ token, secret: config().AUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
  const { name, secure } = sessionCookieName();
  return `${name}=${value}; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
