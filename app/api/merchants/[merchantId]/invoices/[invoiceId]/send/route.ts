import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { invoiceParams } from "@/lib/invoices/schemas";
import { sendInvoice } from "@/lib/invoices/service";

/** E-mails the customer a link to pay; a draft becomes SENT. Calling it again re-sends. */
export const POST = route(
  { auth: "userOrKey", merchant: "invoices:write", params: invoiceParams, versioned: { invoice: "invoice" }, idempotent: true },
  async ({ merchant, params }) => {
    return json({ message: "Invoice sent", invoice: await sendInvoice(merchant, params.invoiceId) });
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
