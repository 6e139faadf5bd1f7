import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { requireMerchantAccess } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";
import { isTransactionIdOrReference, isUuid } from "./schemas";

/**
 * A transaction by id or reference, if the caller may see it. Read-only. Another merchant's
 * transaction, or one in the other mode than the caller's secret key, answers 404.
 */
export async function findTransactionForCaller(principal: Principal, idOrReference: string) {
  if (!isTransactionIdOrReference(idOrReference)) throw ApiError.badRequest("Invalid transaction ID format");
  const isId = isUuid(idOrReference);
  const transaction = await db.transaction.findUnique({ where: isId ? { id: idOrReference } : { reference: idOrReference } });
  const notFound = () => ApiError.notFound("Transaction not found");
  if (!transaction) throw notFound();
  const access = await requireMerchantAccess(principal, transaction.merchantId, "payments:read").catch(() => {
    throw notFound();
  });
  if (principal.kind === "apiKey" && access.environment !== transaction.environment) throw notFound();
  return transaction;
}
