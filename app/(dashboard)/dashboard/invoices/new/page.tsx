import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { BackLink } from "@/components/dashboard/back-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";

export const metadata: Metadata = { title: "New invoice" };

export default async function NewInvoicePage() {
  const { merchant, role } = await getDashboardContext();
  if (!roleCan(role, "invoices:write")) redirect("/dashboard/invoices");
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href="/dashboard/invoices">Invoices</BackLink>
      <PageHeader
        title="New invoice"
        description={
          merchant.environment === "test"
            ? "A test-mode invoice: your customer pays with test cards and no money moves."
            : "Your customer gets an e-mail with a link to pay."
        }
      />
      <InvoiceForm mode="create" merchantId={merchant.id} />
    </div>
  );
}
