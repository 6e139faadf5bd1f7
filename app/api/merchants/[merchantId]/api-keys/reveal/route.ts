import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { revealSecretKey } from "@/lib/auth/api-keys";
import { environmentSchema } from "@/lib/auth/schemas";
import { auditSource } from "@/lib/team/audit";

/** The test secret key, again and again (each time audited); live secret keys answer 404. */
export const POST = route({ auth: "user", merchant: "keys:issue", body: environmentSchema }, async (ctx) => {
  const { merchant, body } = ctx;
  const key = await revealSecretKey({ merchantId: merchant.merchantId, environment: body.environment }, auditSource(ctx));
  return json({ message: "Keep your test secret key on your server, never in a website or app.", key });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
