import { route } from "@/lib/api/handler";
import { invoiceParams } from "@/lib/invoices/schemas";
import { invoicePdf } from "@/lib/invoices/public";
import { pdfResponse } from "@/lib/api/respond";

/** The customer's PDF copy, linked from the hosted invoice page and the e-mail. */
export const GET = route({ auth: "public", params: invoiceParams }, async ({ params }) => {
  const { filename, pdf } = await invoicePdf(params.invoiceId);
  return pdfResponse(pdf, filename);
});
