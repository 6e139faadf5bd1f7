import { pathKey } from "@/lib/api/find";
import { handleHostedFormPost } from "@/lib/payments/hosted-checkout";
import { startCardUpdate } from "@/lib/subscriptions/billing-actions";

// /billing/{token}'s "Update card": to the processor's card page for a ₦50 card check, refunded at once.
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const token = pathKey((await params).token);
  return handleHostedFormPost(req, `/billing/${encodeURIComponent(token)}`, () => startCardUpdate(token), "Not found");
}
