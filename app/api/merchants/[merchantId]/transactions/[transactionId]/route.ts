import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { z } from "@/lib/api/validation";
import { getTransactionDetail } from "@/lib/payments/queries";

// Any string: a malformed id answers 404 like an unknown one.
const pathParams = z.object({ transactionId: z.string() });

/** One transaction with its timeline (initiated, processor events, completion, failure, refunds, flags). */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", params: pathParams }, async ({ merchant, params }) => {
  const detail = await getTransactionDetail(merchant.merchantId, merchant.environment, params.transactionId);
  return json({ transaction: detail.transaction, timeline: detail.timeline });
});
