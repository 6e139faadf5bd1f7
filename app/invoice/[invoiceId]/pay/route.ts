import { startInvoiceCheckout } from "@/lib/invoices/checkout";
import { checkoutOrRetry, redirectAfterPost } from "@/lib/payments/hosted-checkout";

// The hosted invoice page's pay form posts here; see app/pay/[slug]/checkout/route.ts.
export async function POST(req: Request, { params }: { params: Promise<{ invoiceId: string }> }) {
  const { invoiceId } = await params;
  const form = await req.formData().catch(() => new FormData());
  const result = await checkoutOrRetry(form, () => startInvoiceCheckout(invoiceId, form));
  if (!result) return new Response("Invoice not found", { status: 404 });
  return redirectAfterPost(result, `/invoice/${encodeURIComponent(invoiceId)}`);
}
