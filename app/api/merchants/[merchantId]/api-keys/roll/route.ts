import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { issueApiKey } from "@/lib/auth/api-keys";
import { environmentSchema } from "@/lib/auth/schemas";
import { auditSource } from "@/lib/team/audit";

/** Replaces a mode's key pair: the old secret key stops working at once; the new one is in this response only. */
export const POST = route({ auth: "user", merchant: "keys:issue", body: environmentSchema }, async (ctx) => {
  const { merchant, body } = ctx;
  const key = await issueApiKey({ merchantId: merchant.merchantId, environment: body.environment }, { roll: true }, auditSource(ctx));
  return json({ message: "API keys rolled. The old secret key no longer works. Copy the new one now: it will not be shown again.", key });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
