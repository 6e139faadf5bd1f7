import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { issueApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { environmentSchema } from "@/lib/auth/schemas";
import { auditSource } from "@/lib/team/audit";

/** The merchant's active key pairs (public keys; secrets only as a 4-character preview). */
export const GET = route({ auth: "user", merchant: "keys:manage" }, async ({ merchant }) => {
  return json({ keys: await listApiKeys(merchant.merchantId) });
});

/**
 * Creates a mode's first key pair (409 when it has one: roll it instead). The secret is in this
 * response only. Not idempotent on purpose: a replay would have to store the secret.
 */
export const POST = route({ auth: "user", merchant: "keys:issue", body: environmentSchema }, async (ctx) => {
  const { merchant, body } = ctx;
  const key = await issueApiKey({ merchantId: merchant.merchantId, environment: body.environment }, { roll: false }, auditSource(ctx));
  return json({ message: "API keys created. Copy the secret key now: it will not be shown again.", key }, 201);
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
