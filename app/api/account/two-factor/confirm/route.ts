import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { continueSession } from "@/lib/auth/account-settings";
import { confirmEnrolment } from "@/lib/auth/two-factor/service";
import { twoFactorCodeSchema } from "@/lib/auth/two-factor/schemas";
import { auditSource } from "@/lib/team/audit";

/** Turns two-factor sign-in on; answers the recovery codes once. Other sessions are signed out (a JWT caller gets a new `token`). */
export const POST = route({ auth: "user", body: twoFactorCodeSchema }, async (ctx) => {
  const { req, principal, body } = ctx;
  const { recoveryCodes, sessionVersion } = await confirmEnrolment(principal.userId, body.code, auditSource(ctx));
  const { token, cookie } = await continueSession(req, principal, sessionVersion);
  const res = json({
    message: "Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.",
    recoveryCodes,
    ...(token && { token }),
  });
  if (cookie) res.headers.append("set-cookie", cookie);
  return res;
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
