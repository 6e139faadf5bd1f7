import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { removeMerchantLogo, saveMerchantLogo } from "@/lib/merchants/logo";
import { auditSource } from "@/lib/team/audit";

// The file itself is checked in lib/merchants/logo.ts (LOGO_MAX_BYTES, 512 KB); the body may be a
// little larger for the multipart framing around it (written as N * 1024: hostile-input reads it).
export const POST = route({ auth: "user", merchant: "merchant:update", multipart: true, bodyLimit: 528 * 1024 }, async (ctx) => {
  return json({ message: "Logo uploaded", merchant: await saveMerchantLogo(ctx.merchant, ctx.form.get("logo"), auditSource(ctx)) });
});

export const DELETE = route({ auth: "user", merchant: "merchant:update" }, async (ctx) => {
  return json({ message: "Logo removed", merchant: await removeMerchantLogo(ctx.merchant, auditSource(ctx)) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, OPTIONS } = otherMethods("POST", "DELETE");
