import { pathKey } from "@/lib/api/find";
import { startInvoiceCheckout } from "@/lib/invoices/checkout";
import { handleHostedFormPost } from "@/lib/payments/hosted-checkout";

// The hosted invoice page's pay form posts here; see app/pay/[slug]/checkout/route.ts.
export async function POST(req: Request, { params }: { params: Promise<{ invoiceId: string }> }) {
  const invoiceId = pathKey((await params).invoiceId);
  return handleHostedFormPost(req, `/invoice/${encodeURIComponent(invoiceId)}`, (form) => startInvoiceCheckout(invoiceId, form), "Invoice not found");
}
