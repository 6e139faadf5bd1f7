import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { changePassword, continueSession } from "@/lib/auth/account-settings";
import { changePasswordSchema } from "@/lib/auth/schemas";

/** Needs the current password; signs out every other session and keeps this one (a JWT caller gets a new `token`). */
export const POST = route({ auth: "user", body: changePasswordSchema }, async ({ req, principal, body }) => {
  const version = await changePassword(principal.userId, body.currentPassword, body.newPassword);
  const { token, cookie } = await continueSession(req, principal, version);
  const res = json({ message: "Password changed. Other sessions have been signed out.", ...(token && { token }) });
  if (cookie) res.headers.append("set-cookie", cookie);
  return res;
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
