import type { Metadata } from "next";

import { NewRecordPage } from "@/components/dashboard/new-record-page";
import { InvoiceForm } from "@/components/invoices/invoice-form";

export const metadata: Metadata = { title: "New invoice" };

export default function NewInvoicePage() {
  return (
    <NewRecordPage
      permission="invoices:write"
      listPath="/dashboard/invoices"
      listName="Invoices"
      title="New invoice"
      description={{
        test: "A test-mode invoice: your customer pays with test cards and no money moves.",
        live: "Your customer gets an e-mail with a link to pay.",
      }}
      width="max-w-3xl"
      form={(merchantId) => <InvoiceForm mode="create" merchantId={merchantId} />}
    />
  );
}
