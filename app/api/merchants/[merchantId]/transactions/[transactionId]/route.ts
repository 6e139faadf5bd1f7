import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { z } from "@/lib/zod";
import { getTransactionDetail, type RefundDetail } from "@/lib/payments/queries";

// Any string: a malformed id answers 404 like an unknown one.
const pathParams = z.object({ transactionId: z.string() });

/** One transaction with its timeline (initiated, processor events, completion, failure, refunds, flags) and its refunds. */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", params: pathParams }, async ({ merchant, params }) => {
  const detail = await getTransactionDetail(merchant, params.transactionId);
  const { id: transactionId, reference } = detail.transaction;
  // Who asked, by id only: names and key hints are for the dashboard.
  const refunds = detail.refunds.map(({ requestedBy, updatedAt: _updatedAt, ...refund }: RefundDetail) => ({
    ...refund,
    transactionId,
    reference,
    requestedBy: requestedBy ? { type: requestedBy.type, id: requestedBy.id } : null,
  }));
  return json({ transaction: detail.transaction, timeline: detail.timeline, refunds });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
