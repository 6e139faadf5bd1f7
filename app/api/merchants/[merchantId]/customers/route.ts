import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { pageShape } from "@/lib/api/versions";
import { json } from "@/lib/api/respond";
import { listCustomers } from "@/lib/customers/queries";
import { customerListQuery } from "@/lib/customers/schemas";

/** The merchant's customers in its current mode, who paid most recently first; `search` by e-mail or name. */
export const GET = route(
  { auth: "userOrKey", merchant: "payments:read", query: customerListQuery, versioned: pageShape("customer") },
  async ({ merchant, query }) => {
    return json(await listCustomers(merchant, query));
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
