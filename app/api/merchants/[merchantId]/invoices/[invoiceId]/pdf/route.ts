import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { invoiceParams } from "@/lib/invoices/schemas";
import { invoicePdf } from "@/lib/invoices/public";
import { pdfResponse } from "@/lib/api/respond";

export const GET = route({ auth: "userOrKey", merchant: "merchant:read", params: invoiceParams }, async ({ merchant, params }) => {
  const { filename, pdf } = await invoicePdf(params.invoiceId, merchant);
  return pdfResponse(pdf, filename);
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
