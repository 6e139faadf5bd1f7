import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { invoiceParams } from "@/lib/invoices/schemas";
import { voidInvoice } from "@/lib/invoices/service";

export const POST = route({ auth: "user", merchant: "invoices:write", params: invoiceParams }, async ({ merchant, params }) => {
  return json({ message: "Invoice voided", invoice: await voidInvoice(merchant, params.invoiceId) });
});
