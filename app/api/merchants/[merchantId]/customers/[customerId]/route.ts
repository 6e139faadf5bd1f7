import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { getCustomer } from "@/lib/customers/queries";
import { customerParams } from "@/lib/customers/schemas";

/** One customer with their payments, invoices, bank account number for transfers and allocations. */
export const GET = route(
  { auth: "userOrKey", merchant: "payments:read", params: customerParams, versioned: "customerDetail" },
  async ({ merchant, params }) => {
    const { customer, transactions, invoices, virtualAccount, allocations } = await getCustomer(merchant, params.customerId);
    return json({ customer, transactions, invoices, virtualAccount, allocations });
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
