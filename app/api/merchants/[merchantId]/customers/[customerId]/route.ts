import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { getCustomer } from "@/lib/customers/queries";
import { customerParams } from "@/lib/customers/schemas";

/** One customer with their payments and invoices. */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", params: customerParams }, async ({ merchant, params }) => {
  const { customer, transactions, invoices } = await getCustomer(merchant, params.customerId);
  return json({ customer, transactions, invoices });
});
