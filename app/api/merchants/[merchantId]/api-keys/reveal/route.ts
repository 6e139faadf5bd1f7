import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { revealFirstSecret } from "@/lib/auth/api-keys";
import { environmentSchema } from "@/lib/auth/schemas";
import { auditSource } from "@/lib/team/audit";

/** Sign-up's first secret key, once (Developers shows it on the first visit); 404 once it has been shown. */
export const POST = route({ auth: "user", merchant: "keys:issue", body: environmentSchema }, async (ctx) => {
  const { merchant, body } = ctx;
  const key = await revealFirstSecret({ merchantId: merchant.merchantId, environment: body.environment }, auditSource(ctx));
  return json({ message: "Copy your secret key now: it will not be shown again.", key });
});
