import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { invoiceParams, updateInvoiceSchema } from "@/lib/invoices/schemas";
import { getInvoice, updateInvoice } from "@/lib/invoices/service";

export const GET = route(
  { auth: "userOrKey", merchant: "merchant:read", params: invoiceParams, versioned: { invoice: "invoice" } },
  async ({ merchant, params }) => {
    return json(await getInvoice(merchant, params.invoiceId));
  },
);

export const PATCH = route(
  { auth: "userOrKey", merchant: "invoices:write", params: invoiceParams, body: updateInvoiceSchema, versioned: { invoice: "invoice" } },
  async ({ merchant, params, body }) => {
    return json({ message: "Invoice updated", invoice: await updateInvoice(merchant, params.invoiceId, body) });
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, DELETE, OPTIONS } = otherMethods("GET", "PATCH");
