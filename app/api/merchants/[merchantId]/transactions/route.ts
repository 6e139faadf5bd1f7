import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listTransactions, transactionListQuery } from "@/lib/payments/queries";

/** The merchant's transactions in its current environment, newest first, keyset-paginated. */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", query: transactionListQuery }, async ({ merchant, query }) => {
  const page = await listTransactions(merchant, query);
  return json({ data: page.data, nextCursor: page.nextCursor, hasMore: page.hasMore });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
