import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { startEnrolment } from "@/lib/auth/two-factor/service";
import { twoFactorSetupSchema } from "@/lib/auth/two-factor/schemas";

/** Needs the password. A new secret for the authenticator app (shown only in this answer); confirm it with a code. */
export const POST = route({ auth: "user", body: twoFactorSetupSchema }, async ({ principal, body }) => {
  const { secret, otpauthUri } = await startEnrolment(principal.userId, body.password);
  return json({ message: "Scan the QR code or type the key into your authenticator app, then confirm with a code", secret, otpauthUri });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
