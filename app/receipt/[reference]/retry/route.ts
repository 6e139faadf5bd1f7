import { pathKey } from "@/lib/api/find";
import { handleHostedFormPost } from "@/lib/payments/hosted-checkout";
import { retryPayment } from "@/lib/payments/retry";

// The receipt page's "Try again" while a payment is still open (a page action, not part of the JSON
// API): the open checkout is verified first, then the customer goes to a new checkout, or back to
// the receipt (paid after all, or with the reason no new checkout could open).
export async function POST(req: Request, { params }: { params: Promise<{ reference: string }> }) {
  const reference = pathKey((await params).reference);
  return handleHostedFormPost(
    req,
    `/receipt/${encodeURIComponent(reference)}`,
    async () => {
      const result = await retryPayment(reference);
      if (!result) return null;
      return "error" in result ? { errors: [{ field: "form", message: result.error }], values: {} } : result;
    },
    "Payment not found",
  );
}
