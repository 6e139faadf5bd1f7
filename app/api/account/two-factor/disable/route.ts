import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { disableTwoFactor } from "@/lib/auth/two-factor/service";
import { twoFactorDisableSchema } from "@/lib/auth/two-factor/schemas";
import { auditSource } from "@/lib/team/audit";

/** Turns two-factor sign-in off: needs the password and a code (TOTP or recovery code). */
export const POST = route({ auth: "user", body: twoFactorDisableSchema }, async (ctx) => {
  await disableTwoFactor(ctx.principal.userId, ctx.body.password, ctx.body.code, auditSource(ctx));
  return json({ message: "Two-factor sign-in is off" });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
