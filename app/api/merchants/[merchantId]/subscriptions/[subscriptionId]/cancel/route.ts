import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { cancelSubscriptionSchema, subscriptionParams } from "@/lib/subscriptions/schemas";
import { CANCEL_MESSAGES, cancelSubscription } from "@/lib/subscriptions/cancel";

/** Now, or at the end of the period (lib/subscriptions/cancel.ts has the rules); again on a canceled one: 200, unchanged. */
export const POST = route(
  { auth: "userOrKey", merchant: "subscriptions:write", params: subscriptionParams, body: cancelSubscriptionSchema, idempotent: true },
  async ({ merchant, params, body }) => {
    const { outcome, subscription } = await cancelSubscription(merchant, params.subscriptionId, body);
    return json({ message: CANCEL_MESSAGES[outcome], subscription });
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
