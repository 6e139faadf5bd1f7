import { route } from "@/lib/api/handler";
import { z } from "@/lib/api/validation";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { requireMerchantAccess } from "@/lib/auth/access";
import { findTransactionForCaller } from "@/lib/payments/verify";
import { refundTransaction } from "@/lib/payments/refunds";
import { refundSchema } from "@/lib/payments/schemas";
import { toTransactionResponse } from "@/lib/payments/serializers";
import { auditSource } from "@/lib/team/audit";

const pathParams = z.object({ transactionId: z.string() });

export const POST = route({ auth: "userOrKey", params: pathParams, body: refundSchema, idempotent: true }, async (ctx) => {
  const { principal, params, body } = ctx;
  const transaction = await findTransactionForCaller(principal, params.transactionId);
  await requireMerchantAccess(principal, transaction.merchantId, "payments:refund").catch((error) => {
    throw error instanceof ApiError && error.status === 403 ? error : ApiError.notFound("Transaction not found");
  });
  const result = await refundTransaction(transaction, body.amount === undefined ? undefined : BigInt(body.amount), body.reason, auditSource(ctx));
  return json({ message: "Refund issued", transaction: toTransactionResponse(result.transaction), refund: result.refund });
});
