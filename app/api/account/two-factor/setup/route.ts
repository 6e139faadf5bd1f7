import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { startEnrolment } from "@/lib/auth/two-factor/service";

/** A new secret for the authenticator app (shown only in this answer); confirm it with a code. */
export const POST = route({ auth: "user" }, async ({ principal }) => {
  const { secret, otpauthUri } = await startEnrolment(principal.userId);
  return json({ message: "Scan the QR code or type the key into your authenticator app, then confirm with a code", secret, otpauthUri });
});
