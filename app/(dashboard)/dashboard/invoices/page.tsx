import type { Metadata } from "next";
import Link from "next/link";
import { Plus } from "lucide-react";

import { cursorPaging, first, listHref, loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import { INVOICE_TABS, invoiceStatusLabel } from "@/components/invoices/invoice-display";
import { INVOICES_PATH, InvoiceList } from "@/components/invoices/invoice-list";
import { Button } from "@/components/ui/button";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { invoiceListQuery } from "@/lib/invoices/schemas";
import { listInvoices } from "@/lib/invoices/service";

export const metadata: Metadata = { title: "Invoices" };

export default async function InvoicesPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  // An unknown status in a hand-edited URL shows every invoice rather than an error.
  const parsed = invoiceListQuery.safeParse({ status: first(raw.status)?.toUpperCase() });
  const status = parsed.success ? parsed.data.status : undefined;
  const { page, cursor, cursorExpired } = await loadWithCursor(first(raw.cursor), (cursor) => listInvoices(scope, { status, cursor, limit: 25 }));

  const createButton = roleCan(role, "invoices:write") ? (
    <Button asChild>
      <Link href={`${INVOICES_PATH}/new`}>
        <Plus aria-hidden="true" />
        New invoice
      </Link>
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader title="Invoices" description="Bill customers for goods and services and track what has been paid." actions={createButton} />
      <StatusTabs
        label="Filter invoices by status"
        tabs={[
          { label: "All", href: INVOICES_PATH, current: !status },
          ...INVOICE_TABS.map((tab) => ({ label: invoiceStatusLabel(tab), href: listHref(INVOICES_PATH, { status: tab }), current: status === tab })),
        ]}
      />
      <InvoiceList
        invoices={page.data}
        status={status}
        cursorExpired={cursorExpired}
        createButton={createButton}
        paging={cursorPaging((cursor) => listHref(INVOICES_PATH, { status, cursor }), cursor, page.nextCursor)}
      />
    </>
  );
}
