import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { getPayout } from "@/lib/payouts/queries";
import { payoutParams } from "@/lib/payouts/schemas";

export const GET = route({ auth: "userOrKey", merchant: "payments:read", params: payoutParams }, async ({ merchant, params }) => {
  return json(await getPayout(merchant, params.payoutId));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
