import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { getOverview, overviewQuery } from "@/lib/reports/overview";

/** The dashboard overview's figures for the merchant's current environment (?interval=day|week|month). */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", query: overviewQuery }, async ({ merchant, query }) => {
  return json({ overview: await getOverview(merchant, query.interval) });
});
