import { pathKey } from "@/lib/api/find";
import { startLinkCheckout } from "@/lib/links/checkout";
import { handleHostedFormPost } from "@/lib/payments/hosted-checkout";

// The /pay/{slug} form posts here (a page action, not part of the JSON API): on success the
// customer goes to the processor's page, otherwise back to the form with the errors.
export async function POST(req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const slug = pathKey((await params).slug);
  return handleHostedFormPost(req, `/pay/${encodeURIComponent(slug)}`, (form) => startLinkCheckout(slug, form), "Payment link not found");
}
