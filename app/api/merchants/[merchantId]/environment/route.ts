import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { environmentSchema } from "@/lib/auth/schemas";
import { setViewMode } from "@/lib/merchants/service";

/** Switches the caller's own view between test and live data; teammates keep theirs, secret keys their own mode. */
export const PUT = route({ auth: "user", merchant: "merchant:read", body: environmentSchema }, async ({ principal, merchant, body }) => {
  const updated = await setViewMode(principal.userId, merchant.merchantId, body.environment);
  return json({ message: body.environment === "live" ? "Live mode on" : "Test mode on", merchant: updated });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
