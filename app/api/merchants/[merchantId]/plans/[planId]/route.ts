import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { planParams, updatePlanSchema } from "@/lib/subscriptions/schemas";
import { getPlan, updatePlan } from "@/lib/subscriptions/plans";

export const GET = route({ auth: "userOrKey", merchant: "merchant:read", params: planParams }, async ({ merchant, params }) => {
  return json({ plan: await getPlan(merchant, params.planId) });
});

export const PUT = route({ auth: "userOrKey", merchant: "plans:write", params: planParams, body: updatePlanSchema }, async ({ merchant, params, body }) => {
  return json({ message: "Plan updated", plan: await updatePlan(merchant, params.planId, body) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
