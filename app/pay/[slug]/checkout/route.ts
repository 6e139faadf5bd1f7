import { startLinkCheckout } from "@/lib/links/checkout";
import { checkoutOrRetry, redirectAfterPost } from "@/lib/payments/hosted-checkout";

// The /pay/{slug} form posts here (a page action, not part of the JSON API): on success the
// customer goes to the processor's page, otherwise back to the form with the errors.
export async function POST(req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const form = await req.formData().catch(() => new FormData());
  const result = await checkoutOrRetry(form, () => startLinkCheckout(slug, form));
  if (!result) return new Response("Payment link not found", { status: 404 });
  return redirectAfterPost(result, `/pay/${encodeURIComponent(slug)}`);
}
