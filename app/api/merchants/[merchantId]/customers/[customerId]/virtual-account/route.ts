import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { customerParams, virtualAccountBody } from "@/lib/transfers/schemas";
import { createVirtualAccount, getVirtualAccount } from "@/lib/transfers/virtual-accounts";

/** The customer's own account number; 404 when none was issued yet. */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", params: customerParams }, async ({ merchant, params }) => {
  return json({ virtualAccount: await getVirtualAccount(merchant, params.customerId) });
});

/** Issues the customer an account number (201), or answers the one they have (200): one per customer and mode. */
export const POST = route(
  { auth: "userOrKey", merchant: "invoices:write", params: customerParams, body: virtualAccountBody },
  async ({ merchant, params, body }) => {
    const { virtualAccount, created } = await createVirtualAccount(merchant, params.customerId, body);
    return json({ virtualAccount }, created ? 201 : 200);
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
