import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { z } from "@/lib/zod";
import { json } from "@/lib/api/respond";
import { refundForCaller } from "@/lib/payments/refunds";
import { refundSchema } from "@/lib/payments/schemas";
import { toTransactionResponse } from "@/lib/payments/serializers";
import { auditSource } from "@/lib/team/audit";

const pathParams = z.object({ transactionId: z.string() });

export const POST = route({ auth: "userOrKey", params: pathParams, body: refundSchema, idempotent: true }, async (ctx) => {
  const { principal, params, body } = ctx;
  const amount = body.amount === undefined ? undefined : BigInt(body.amount);
  const result = await refundForCaller(principal, params.transactionId, amount, body.reason, auditSource(ctx));
  return json({ message: "Refund issued", transaction: toTransactionResponse(result.transaction), refund: result.refund });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
