import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { BackLink } from "@/components/dashboard/back-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { invoiceToFormValues } from "@/lib/invoices/form";
import { loadInvoice } from "../load";

export const metadata: Metadata = { title: "Edit invoice" };

export default async function EditInvoicePage({ params }: { params: Promise<{ invoiceId: string }> }) {
  const { invoiceId } = await params;
  const { merchant, role } = await getDashboardContext();
  const { invoice } = await loadInvoice(merchant, invoiceId);
  // Only drafts change: a sent invoice is what the customer was promised.
  if (invoice.status !== "DRAFT" || !roleCan(role, "invoices:write")) redirect(`/dashboard/invoices/${invoice.id}`);

  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href={`/dashboard/invoices/${invoice.id}`}>{invoice.invoiceNumber}</BackLink>
      <PageHeader title={`Edit ${invoice.invoiceNumber}`} description="A draft: your customer has not seen it yet." />
      <InvoiceForm mode="edit" merchantId={merchant.id} invoiceId={invoice.id} initial={invoiceToFormValues(invoice)} />
    </div>
  );
}
