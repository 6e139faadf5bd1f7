import { pathKey } from "@/lib/api/find";
import { handleHostedFormPost } from "@/lib/payments/hosted-checkout";
import { payOverdueRenewal } from "@/lib/subscriptions/billing-actions";

// /billing/{token}'s "Pay now" (a page action, not part of the JSON API): to the processor's checkout
// for the overdue period, or back to the page with the reason.
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const token = pathKey((await params).token);
  return handleHostedFormPost(req, `/billing/${encodeURIComponent(token)}`, (form) => payOverdueRenewal(token, form), "Not found");
}
