import type { Metadata } from "next";

import { first, listHref, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { ResourceList } from "@/components/dashboard/resource-list";
import { createButton, loadStatusList } from "@/components/dashboard/status-list";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import { INVOICE_TABS, invoiceStatusLabel } from "@/components/invoices/invoice-display";
import { INVOICES_PATH, INVOICE_LIST } from "@/components/invoices/invoice-list";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { invoiceListQuery } from "@/lib/invoices/schemas";
import { listInvoices } from "@/lib/invoices/service";

export const metadata: Metadata = { title: "Invoices" };

export default async function InvoicesPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  const { status, page, cursorExpired, paging } = await loadStatusList({
    path: INVOICES_PATH,
    schema: invoiceListQuery,
    status: first(raw.status)?.toUpperCase(),
    cursor: first(raw.cursor),
    list: (query) => listInvoices(scope, query),
  });
  const create = createButton(roleCan(role, "invoices:write"), `${INVOICES_PATH}/new`, "New invoice");

  return (
    <>
      <PageHeader title="Invoices" description="Bill customers for goods and services and track what has been paid." actions={create} />
      <StatusTabs
        label="Filter invoices by status"
        tabs={[
          { label: "All", href: INVOICES_PATH, current: !status },
          ...INVOICE_TABS.map((tab) => ({ label: invoiceStatusLabel(tab), href: listHref(INVOICES_PATH, { status: tab }), current: status === tab })),
        ]}
      />
      <ResourceList list={INVOICE_LIST} rows={page.data} filter={status} action={create} cursorExpired={cursorExpired} paging={paging} />
    </>
  );
}
