import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { LIMITS } from "@/lib/api/limits";
import { json } from "@/lib/api/respond";
import { requestPasswordReset } from "@/lib/auth/sign-up-and-log-in";
import { emailOnlySchema } from "@/lib/auth/schemas";

export const POST = route({ auth: "public", rateLimit: ({ ip }) => [LIMITS.passwordReset, ip], body: emailOnlySchema }, async ({ body }) => {
  await requestPasswordReset(body.email);
  return json({ message: "If an account exists for that email, we've sent a reset link." });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
