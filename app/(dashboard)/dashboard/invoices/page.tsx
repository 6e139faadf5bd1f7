import type { Metadata } from "next";
import { FileText } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Invoices" };

export default function InvoicesPage() {
  return (
    <>
      <PageHeader title="Invoices" description="Bill customers for goods and services and track what has been paid." />
      <EmptyState
        icon={<FileText />}
        title="No invoices yet"
        description="Invoices you send will appear here with their amounts, due dates and payment status."
      />
    </>
  );
}
