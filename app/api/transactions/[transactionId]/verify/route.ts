import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { z } from "@/lib/zod";
import { json } from "@/lib/api/respond";
import { findTransactionForCaller } from "@/lib/payments/verify";
import { toTransactionResponse } from "@/lib/payments/serializers";

// Read-only: the state we hold, which processor webhooks and reconciliation keep current.
const pathParams = z.object({ transactionId: z.string() });

export const GET = route({ auth: "userOrKey", params: pathParams }, async ({ principal, params }) => {
  const transaction = await findTransactionForCaller(principal, params.transactionId);
  return json({ status: "success", data: toTransactionResponse(transaction) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
