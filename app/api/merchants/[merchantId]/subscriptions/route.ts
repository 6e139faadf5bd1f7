import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { subscriptionListQuery } from "@/lib/subscriptions/schemas";
import { listSubscriptions } from "@/lib/subscriptions/queries";

/** The merchant's subscriptions in the caller's mode, newest first; filter by status, plan or customer e-mail. */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", query: subscriptionListQuery }, async ({ merchant, query }) => {
  return json(await listSubscriptions(merchant, query));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
