import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { authenticateUser } from "@/lib/auth/sign-up-and-log-in";
import { signApiToken } from "@/lib/auth/jwt";
import { loginSchema } from "@/lib/auth/schemas";

export const POST = route({ auth: "public", body: loginSchema }, async ({ req, body, ip }) => {
  const { user, response } = await authenticateUser(body.email, body.password, ip, body.code || undefined, req.headers.get("user-agent") ?? undefined);
  const token = await signApiToken(user.id, user.sessionVersion);
  return json({ message: "Login successful", token, user: response });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
