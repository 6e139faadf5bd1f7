import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { regenerateRecoveryCodes } from "@/lib/auth/two-factor/service";
import { twoFactorCodeSchema } from "@/lib/auth/two-factor/schemas";
import { auditSource } from "@/lib/team/audit";

/** Ten new recovery codes, shown once; the old ones stop working. Needs a code. */
export const POST = route({ auth: "user", body: twoFactorCodeSchema }, async (ctx) => {
  const { recoveryCodes } = await regenerateRecoveryCodes(ctx.principal.userId, ctx.body.code, auditSource(ctx));
  return json({ message: "New recovery codes. The old ones no longer work.", recoveryCodes });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
