import { pathKey } from "@/lib/api/find";
import { handleHostedFormPost } from "@/lib/payments/hosted-checkout";
import { startSubscribeCheckout } from "@/lib/subscriptions/subscribe";

// The /subscribe/{planId} form posts here (a page action, not part of the JSON API): on success the
// customer goes to the processor's card page, otherwise back to the form with the errors.
export async function POST(req: Request, { params }: { params: Promise<{ planId: string }> }) {
  const planId = pathKey((await params).planId);
  return handleHostedFormPost(req, `/subscribe/${encodeURIComponent(planId)}`, (form) => startSubscribeCheckout(planId, form), "Plan not found");
}
