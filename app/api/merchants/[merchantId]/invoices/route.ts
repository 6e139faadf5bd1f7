import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { createInvoiceSchema, invoiceListQuery } from "@/lib/invoices/schemas";
import { createInvoice, listInvoices } from "@/lib/invoices/service";

/** The contract: creating invoices needs a user JWT. */
export const POST = route({ auth: "user", merchant: "invoices:write", body: createInvoiceSchema, idempotent: true }, async ({ merchant, body }) => {
  return json({ message: "Invoice created", invoice: await createInvoice(merchant, body) }, 201);
});

export const GET = route({ auth: "user", merchant: "merchant:read", query: invoiceListQuery }, async ({ merchant, query }) => {
  return json(await listInvoices(merchant, query));
});
