import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { activationChecklist } from "@/lib/merchants/activation";

/** The "Go live" checklist: what is left before live mode unlocks. */
export const GET = route({ auth: "user", merchant: "merchant:read" }, async ({ merchant }) => {
  return json(await activationChecklist(merchant.merchantId));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
