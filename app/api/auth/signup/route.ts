import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { signup } from "@/lib/auth/sign-up-and-log-in";
import { signupSchema } from "@/lib/auth/schemas";

export const POST = route({ auth: "public", body: signupSchema }, async ({ body, ip }) => {
  const { user, merchant } = await signup(body, ip);
  return json({ message: "Account created. Check your email to verify your address.", user, merchant }, 201);
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
