import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { auditSource } from "@/lib/team/audit";
import { creditRefundBody, customerParams } from "@/lib/transfers/schemas";
import { refundCredit } from "@/lib/transfers/credit-refund";

/** Gives the customer's credit (all, or `amount` kobo of it) back by refunding the transfers that made it. */
export const POST = route({ auth: "userOrKey", merchant: "payments:refund", params: customerParams, body: creditRefundBody, idempotent: true }, async (ctx) => {
  const { merchant, params, body } = ctx;
  const amount = body.amount === undefined ? undefined : BigInt(body.amount);
  return json(await refundCredit(merchant, params.customerId, amount, auditSource(ctx)));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
