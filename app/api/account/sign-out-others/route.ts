import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { continueSession, signOutOtherSessions } from "@/lib/auth/account-settings";

/** Ends every other dashboard session and login token of this user; this one stays (a JWT caller gets a new `token`). */
export const POST = route({ auth: "user" }, async ({ req, principal }) => {
  const version = await signOutOtherSessions(principal.userId);
  const { token, cookie } = await continueSession(req, principal, version);
  const res = json({ message: "Signed out of all other sessions", ...(token && { token }) });
  if (cookie) res.headers.append("set-cookie", cookie);
  return res;
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
