import { hotQuery } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { requireMerchantAccess } from "@/lib/auth/access";
import { isTwoFactorSetupRequired } from "@/lib/auth/two-factor/gate";
import type { Principal } from "@/lib/auth/principal";
import type { Transaction } from "@/lib/db/generated/client";
import { isUuid } from "@/lib/api/validation";
import { isTransactionIdOrReference } from "./schemas";

/**
 * A transaction by id or reference, if the caller may see it. Read-only. Another merchant's
 * transaction, or one in the other mode than the caller's (a key's mode, or the dashboard's current
 * mode for a signed-in user), answers 404.
 */
export async function findTransactionForCaller(principal: Principal, idOrReference: string) {
  if (!isTransactionIdOrReference(idOrReference)) throw ApiError.badRequest("Invalid transaction ID format");
  const isId = isUuid(idOrReference);
  // A prepared statement on this hot read (verify): no query interpretation or model mapping per call, same row and types.
  const [transaction] = isId
    ? await hotQuery<Transaction>("verify-by-id", `SELECT * FROM "Transaction" WHERE id = $1::uuid`, [idOrReference])
    : await hotQuery<Transaction>("verify-by-reference", `SELECT * FROM "Transaction" WHERE reference = $1`, [idOrReference]);
  const notFound = () => ApiError.missing("Transaction not found");
  if (!transaction) throw notFound();
  // A key of the other mode learns nothing, not even that it lacks a permission.
  if (principal.kind === "apiKey" && principal.environment !== transaction.environment) throw notFound();
  // A member shut out until they turn on two-factor sign-in is told so, as is a caller of this
  // merchant lacking the permission (a restricted key); anything else looks missing.
  const access = await requireMerchantAccess(principal, transaction.merchantId, "payments:read").catch((error: unknown) => {
    throw isTwoFactorSetupRequired(error) || (error instanceof ApiError && error.status === 403) ? error : notFound();
  });
  // The other mode is a wall for everyone: a key's own mode, or the dashboard's current mode.
  if (access.environment !== transaction.environment) throw notFound();
  return transaction;
}
