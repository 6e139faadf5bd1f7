import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { setTwoFactorRequirement } from "@/lib/auth/two-factor/enforcement";
import { twoFactorRequirementSchema } from "@/lib/auth/two-factor/schemas";
import { auditSource } from "@/lib/team/audit";

/** The owner requires (or stops requiring) two-factor sign-in of every member. */
export const PUT = route({ auth: "user", merchant: "merchant:security", body: twoFactorRequirementSchema }, async (ctx) => {
  const { requireTwoFactor } = await setTwoFactorRequirement(ctx.merchant.merchantId, ctx.body.required, ctx.principal.userId, auditSource(ctx));
  const message = requireTwoFactor ? "Every member now needs two-factor sign-in" : "Two-factor sign-in is no longer required";
  return json({ message, requireTwoFactor });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
