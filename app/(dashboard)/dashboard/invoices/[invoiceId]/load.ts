import { notFound } from "next/navigation";

import { ApiError } from "@/lib/api/errors";
import { getInvoice } from "@/lib/invoices/service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The merchant's invoice for a dashboard page, or the not-found page (bad id, other merchant, other mode). */
export async function loadInvoice(merchant: { id: string; environment: "test" | "live" }, invoiceId: string) {
  if (!UUID.test(invoiceId)) notFound();
  try {
    return await getInvoice({ merchantId: merchant.id, environment: merchant.environment }, invoiceId.toLowerCase());
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}
