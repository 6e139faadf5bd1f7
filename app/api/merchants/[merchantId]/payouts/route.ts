import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listPayouts } from "@/lib/payouts/queries";
import { payoutListQuerySchema } from "@/lib/payouts/schemas";

export const GET = route({ auth: "userOrKey", merchant: "payments:read", query: payoutListQuerySchema }, async ({ merchant, query }) => {
  return json(await listPayouts(merchant, query));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
