import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { createPlanSchema, planListQuery } from "@/lib/subscriptions/schemas";
import { createPlan, listPlans } from "@/lib/subscriptions/plans";

export const POST = route({ auth: "userOrKey", merchant: "plans:write", body: createPlanSchema, idempotent: true }, async ({ merchant, body }) => {
  return json({ message: "Plan created", plan: await createPlan(merchant, body) }, 201);
});

export const GET = route({ auth: "userOrKey", merchant: "merchant:read", query: planListQuery }, async ({ merchant, query }) => {
  return json(await listPlans(merchant, query));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
