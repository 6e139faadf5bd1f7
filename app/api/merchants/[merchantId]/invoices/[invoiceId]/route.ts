import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { invoiceParams, updateInvoiceSchema } from "@/lib/invoices/schemas";
import { getInvoice, updateInvoice } from "@/lib/invoices/service";

export const GET = route({ auth: "user", merchant: "merchant:read", params: invoiceParams }, async ({ merchant, params }) => {
  return json(await getInvoice(merchant, params.invoiceId));
});

export const PATCH = route(
  { auth: "user", merchant: "invoices:write", params: invoiceParams, body: updateInvoiceSchema },
  async ({ merchant, params, body }) => {
    return json({ message: "Invoice updated", invoice: await updateInvoice(merchant, params.invoiceId, body) });
  },
);
