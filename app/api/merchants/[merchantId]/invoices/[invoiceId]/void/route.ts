import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { invoiceParams } from "@/lib/invoices/schemas";
import { voidInvoice } from "@/lib/invoices/service";

export const POST = route(
  { auth: "userOrKey", merchant: "invoices:write", params: invoiceParams, versioned: { invoice: "invoice" }, idempotent: true },
  async ({ merchant, params }) => {
    return json({ message: "Invoice voided", invoice: await voidInvoice(merchant, params.invoiceId) });
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
