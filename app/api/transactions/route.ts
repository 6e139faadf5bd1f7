import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listTransactions, scopedTransactionListQuery } from "@/lib/payments/queries";

/** The key's merchant's transactions (or ?merchantId= with a user token): the merchant list without its id in the path. */
export const GET = route(
  { auth: "userOrKey", merchant: "payments:read", merchantFrom: "query", query: scopedTransactionListQuery },
  async ({ merchant, query: { merchantId: _merchantId, ...filters } }) => json(await listTransactions(merchant, filters)),
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
