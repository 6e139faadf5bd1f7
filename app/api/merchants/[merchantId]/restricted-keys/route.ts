import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { createRestrictedKey, listRestrictedKeys } from "@/lib/auth/restricted-keys";
import { restrictedKeySchema } from "@/lib/auth/schemas";
import { auditSource } from "@/lib/team/audit";

/** The caller's mode's restricted keys: names, permissions, hints; never a secret. */
export const GET = route({ auth: "user", merchant: "keys:manage" }, async ({ merchant }) => {
  return json({ keys: await listRestrictedKeys(merchant) });
});

/**
 * Creates a restricted key in the caller's own mode. The secret is in this response only. Not
 * idempotent on purpose: a replay would have to store the secret.
 */
export const POST = route({ auth: "user", merchant: "keys:manage", body: restrictedKeySchema }, async (ctx) => {
  const { merchant, body } = ctx;
  const key = await createRestrictedKey(merchant, body, auditSource(ctx));
  return json({ message: "Restricted key created. Copy the secret key now: it will not be shown again.", key }, 201);
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
