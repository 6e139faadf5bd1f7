import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listCustomers } from "@/lib/customers/queries";
import { customerListQuery } from "@/lib/customers/schemas";

/** The merchant's customers in its current mode, who paid most recently first; `search` by e-mail or name. */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", query: customerListQuery }, async ({ merchant, query }) => {
  return json(await listCustomers(merchant, query));
});
