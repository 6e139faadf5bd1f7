import { pathKey } from "@/lib/api/find";
import { handleHostedFormPost } from "@/lib/payments/hosted-checkout";
import { cancelFromBilling } from "@/lib/subscriptions/billing-actions";

// /billing/{token}'s confirmed "Cancel": back to the page, which then says when the subscription ends.
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const token = pathKey((await params).token);
  return handleHostedFormPost(req, `/billing/${encodeURIComponent(token)}`, (form) => cancelFromBilling(token, form), "Not found");
}
