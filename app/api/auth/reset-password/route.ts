import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { LIMITS } from "@/lib/api/limits";
import { json } from "@/lib/api/respond";
import { resetPassword } from "@/lib/auth/sign-up-and-log-in";
import { resetPasswordSchema } from "@/lib/auth/schemas";

export const POST = route({ auth: "public", rateLimit: ({ ip }) => [LIMITS.passwordReset, ip], body: resetPasswordSchema }, async ({ body }) => {
  const { twoFactorRemovalAt } = await resetPassword(body.token, body.password, { removeTwoFactor: body.removeTwoFactor ?? false });
  if (!twoFactorRemovalAt) return json({ message: "Your password has been updated. You can now log in." });
  return json({
    message: "Your password has been updated. Two-factor sign-in will be removed at your first log-in after the waiting period; until then log in with a code.",
    twoFactorRemovalAt,
  });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
