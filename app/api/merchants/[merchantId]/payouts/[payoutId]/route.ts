import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { getPayout } from "@/lib/payouts/queries";
import { payoutParams } from "@/lib/payouts/schemas";

export const GET = route({ auth: "userOrKey", merchant: "payments:read", params: payoutParams }, async ({ merchant, params }) => {
  return json(await getPayout(merchant, params.payoutId));
});
