import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { resendVerification } from "@/lib/auth/sign-up-and-log-in";
import { emailOnlySchema } from "@/lib/auth/schemas";

export const POST = route({ auth: "public", body: emailOnlySchema }, async ({ body }) => {
  await resendVerification(body.email);
  return json({ message: "If an unverified account exists for that email, we've sent a new verification link." });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
