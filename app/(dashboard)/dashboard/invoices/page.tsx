import type { Metadata } from "next";
import Link from "next/link";
import { ChevronRight, FileText, Plus } from "lucide-react";

import { CursorPagination } from "@/components/dashboard/cursor-pagination";
import { PageHeader } from "@/components/dashboard/page-header";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import { INVOICE_TABS, InvoiceStatusBadge, formatDueDate, invoiceStatusLabel, type InvoiceStatusName } from "@/components/invoices/invoice-display";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError } from "@/lib/api/errors";
import { roleCan } from "@/lib/auth/role-can";
import { getDashboardContext } from "@/lib/auth/session";
import { invoiceListQuery } from "@/lib/invoices/schemas";
import type { InvoiceResponse } from "@/lib/invoices/serializers";
import { listInvoices } from "@/lib/invoices/service";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Invoices" };

const BASE_PATH = "/dashboard/invoices";
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type Scope = { merchantId: string; environment: "test" | "live" };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

function href(status: InvoiceStatusName | undefined, cursor?: string): string {
  const search = new URLSearchParams();
  if (status) search.set("status", status);
  if (cursor) search.set("cursor", cursor);
  const text = search.toString();
  return text ? `${BASE_PATH}?${text}` : BASE_PATH;
}

async function loadPage(scope: Scope, status: InvoiceStatusName | undefined, cursor: string | undefined) {
  try {
    return await listInvoices(scope, { status, cursor, limit: 25 });
  } catch (error) {
    // A mangled "Older" link: start again from the newest.
    if (error instanceof ApiError && error.status === 400 && cursor) return listInvoices(scope, { status, limit: 25 });
    throw error;
  }
}

const EMPTY_TEXT: Record<InvoiceStatusName, string> = {
  DRAFT: "No drafts. Invoices you save without sending wait here.",
  SENT: "No sent invoices awaiting payment.",
  OVERDUE: "Nothing overdue.",
  PAID: "No paid invoices yet.",
  VOID: "No voided invoices.",
};

export default async function InvoicesPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const raw = await searchParams;
  // An unknown status in a hand-edited URL shows every invoice rather than an error.
  const parsed = invoiceListQuery.safeParse({ status: first(raw.status)?.toUpperCase() });
  const status = parsed.success ? parsed.data.status : undefined;
  const cursor = first(raw.cursor);
  const page = await loadPage({ merchantId: merchant.id, environment: merchant.environment }, status, cursor);

  const createButton = roleCan(role, "invoices:write") ? (
    <Button asChild>
      <Link href={`${BASE_PATH}/new`}>
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
          { label: "All", href: href(undefined), current: !status },
          ...INVOICE_TABS.map((tab) => ({ label: invoiceStatusLabel(tab), href: href(tab), current: status === tab })),
        ]}
      />

      {page.data.length === 0 ? (
        cursor ? (
          <EmptyState icon={<FileText />} title="No older invoices" description="You've reached the end of the list." action={<Button asChild variant="outline"><Link href={href(status)}>Back to newest</Link></Button>} />
        ) : status ? (
          <EmptyState icon={<FileText />} title={EMPTY_TEXT[status]} action={<Button asChild variant="outline"><Link href={BASE_PATH}>Show all invoices</Link></Button>} />
        ) : (
          <EmptyState
            icon={<FileText />}
            title="No invoices yet"
            description="Create an invoice with line items and e-mail it: your customer pays online and it is marked paid by itself."
            action={createButton}
          />
        )
      ) : (
        <section aria-labelledby="invoice-results" className="rounded-xl border bg-card shadow-card">
          <h2 id="invoice-results" className="sr-only">
            Invoices
          </h2>
          <InvoiceTable invoices={page.data} />
          <InvoiceCards invoices={page.data} />
          <CursorPagination
            count={page.data.length}
            noun={["invoice", "invoices"]}
            onLaterPage={Boolean(cursor)}
            firstPageHref={href(status)}
            nextPageHref={page.nextCursor ? href(status, page.nextCursor) : null}
            olderLabel="Older invoices"
          />
        </section>
      )}
    </>
  );
}

const detailHref = (invoice: InvoiceResponse) => `${BASE_PATH}/${invoice.id}`;

function InvoiceTable({ invoices }: { invoices: InvoiceResponse[] }) {
  return (
    <Table containerClassName="hidden lg:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Number</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Due</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <TableCell>
              <Link
                href={detailHref(invoice)}
                className="rounded-sm font-mono text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {invoice.invoiceNumber}
              </Link>
            </TableCell>
            <TableCell className="max-w-64 whitespace-normal">
              {invoice.customerName ? <span className="block truncate">{invoice.customerName}</span> : null}
              <span className="block truncate text-muted-foreground">{invoice.customerEmail}</span>
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatNaira(Number(invoice.amount))}</TableCell>
            <TableCell>
              <InvoiceStatusBadge status={invoice.status} />
            </TableCell>
            <TableCell className="text-muted-foreground">{invoice.dueDate ? formatDueDate(invoice.dueDate) : "—"}</TableCell>
            <TableCell className="text-muted-foreground">
              <LagosTime value={invoice.createdAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones and tablets: one tappable card per invoice. */
function InvoiceCards({ invoices }: { invoices: InvoiceResponse[] }) {
  return (
    <ul className="divide-y lg:hidden">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <Link href={detailHref(invoice)} className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none">
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-semibold tabular-nums">{formatNaira(Number(invoice.amount))}</span>
                <InvoiceStatusBadge status={invoice.status} />
              </div>
              <span className="truncate text-sm">
                {invoice.customerName ? `${invoice.customerName} · ` : ""}
                <span className="text-muted-foreground">{invoice.customerEmail}</span>
              </span>
              <span className="text-xs text-muted-foreground">
                <span className="font-mono">{invoice.invoiceNumber}</span>
                {invoice.dueDate ? ` · due ${formatDueDate(invoice.dueDate)}` : ""}
              </span>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
