import { route } from "@/lib/api/handler";
import { z } from "@/lib/zod";
import { json } from "@/lib/api/respond";
import { ApiError } from "@/lib/api/errors";
import { receiptOutcome } from "@/lib/payments/receipt";

const params = z.object({ reference: z.string().min(1).max(120) });

/** What the receipt page shows, for /receipt-status.js to reload it once a waiting payment is settled. */
export const GET = route({ auth: "public", params }, async ({ params }) => {
  const outcome = await receiptOutcome(params.reference);
  if (!outcome) throw ApiError.notFound("Payment not found");
  return json({ outcome }, 200, { "cache-control": "no-store" });
});
