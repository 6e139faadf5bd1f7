import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { resetPassword } from "@/lib/auth/accounts";
import { resetPasswordSchema } from "@/lib/auth/schemas";

export const POST = route({ auth: "public", body: resetPasswordSchema }, async ({ body }) => {
  await resetPassword(body.token, body.password);
  return json({ message: "Your password has been updated. You can now log in." });
});
