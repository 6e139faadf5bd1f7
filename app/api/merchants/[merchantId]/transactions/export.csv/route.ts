import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { exportFilename, transactionsCsvStream } from "@/lib/payments/export";
import { transactionListQuery } from "@/lib/payments/queries";

/** The filtered transaction list (same query string as the list; cursor and limit ignored) as a streamed CSV file. */
export const GET = route({ auth: "userOrKey", merchant: "payments:read", query: transactionListQuery }, async ({ merchant, query }) => {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  return new Response(transactionsCsvStream(merchant, filters), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFilename(merchant.environment)}"`,
      "x-content-type-options": "nosniff",
    },
  });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
