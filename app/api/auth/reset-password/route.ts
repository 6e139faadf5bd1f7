import { route } from "@/lib/api/handler";
import { LIMITS } from "@/lib/api/limits";
import { json } from "@/lib/api/respond";
import { resetPassword } from "@/lib/auth/sign-up-and-log-in";
import { resetPasswordSchema } from "@/lib/auth/schemas";

export const POST = route({ auth: "public", rateLimit: ({ ip }) => [LIMITS.passwordReset, ip], body: resetPasswordSchema }, async ({ body }) => {
  await resetPassword(body.token, body.password);
  return json({ message: "Your password has been updated. You can now log in." });
});
