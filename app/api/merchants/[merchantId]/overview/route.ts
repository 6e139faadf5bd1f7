import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { getOverview, overviewQuery } from "@/lib/reports/overview";

/** The dashboard overview's figures in the caller's mode (a member's own view, a key's mode) (?interval=day|week|month). */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", query: overviewQuery }, async ({ merchant, query }) => {
  return json({ overview: await getOverview(merchant, query.interval) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
