import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { getInvoice } from "@/lib/invoices/service";

/** The merchant's invoice for a dashboard page, or the not-found page (bad id, other merchant, other mode). */
export function loadInvoice(merchant: { id: string; environment: "test" | "live" }, invoiceId: string) {
  return findOrNotFound(invoiceId, (id) => getInvoice({ merchantId: merchant.id, environment: merchant.environment }, id));
}
