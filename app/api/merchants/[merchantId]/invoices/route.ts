import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { pageShape } from "@/lib/api/versions";
import { json } from "@/lib/api/respond";
import { createInvoiceSchema, invoiceListQuery } from "@/lib/invoices/schemas";
import { createInvoice, listInvoices } from "@/lib/invoices/service";

/** The contract: creating invoices needs a user JWT. */
export const POST = route(
  { auth: "userOrKey", merchant: "invoices:write", body: createInvoiceSchema, idempotent: true, versioned: { invoice: "invoice" } },
  async ({ merchant, body }) => {
    return json({ message: "Invoice created", invoice: await createInvoice(merchant, body) }, 201);
  },
);

export const GET = route(
  { auth: "userOrKey", merchant: "merchant:read", query: invoiceListQuery, versioned: pageShape("invoice") },
  async ({ merchant, query }) => {
    return json(await listInvoices(merchant, query));
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
