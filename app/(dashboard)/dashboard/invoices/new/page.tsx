import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ArrowLeft } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { roleCan } from "@/lib/auth/role-can";
import { getDashboardContext } from "@/lib/auth/session";

export const metadata: Metadata = { title: "New invoice" };

export default async function NewInvoicePage() {
  const { merchant, role } = await getDashboardContext();
  if (!roleCan(role, "invoices:write")) redirect("/dashboard/invoices");
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        href="/dashboard/invoices"
        className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:min-h-9"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Invoices
      </Link>
      <PageHeader
        title="New invoice"
        description={merchant.environment === "test" ? "A test-mode invoice: your customer pays with test cards and no money moves." : "Your customer gets an e-mail with a link to pay."}
      />
      <InvoiceForm mode="create" merchantId={merchant.id} />
    </div>
  );
}
