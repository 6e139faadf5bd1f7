import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { revokeRestrictedKey } from "@/lib/auth/restricted-keys";
import { restrictedKeyParams } from "@/lib/auth/schemas";
import { auditSource } from "@/lib/team/audit";

/** Revokes a restricted key of the caller's mode: it stops working at once. */
export const DELETE = route({ auth: "user", merchant: "keys:manage", params: restrictedKeyParams }, async (ctx) => {
  const key = await revokeRestrictedKey(ctx.merchant, ctx.params.keyId, auditSource(ctx));
  return json({ message: "Restricted key revoked", key });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
