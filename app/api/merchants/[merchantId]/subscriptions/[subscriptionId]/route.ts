import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { subscriptionParams } from "@/lib/subscriptions/schemas";
import { getSubscription } from "@/lib/subscriptions/queries";

export const GET = route({ auth: "userOrKey", merchant: "payments:read", params: subscriptionParams }, async ({ merchant, params }) => {
  return json({ subscription: await getSubscription(merchant, params.subscriptionId) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
