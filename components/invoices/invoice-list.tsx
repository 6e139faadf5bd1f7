import { FileText } from "lucide-react";

import type { ListDefinition } from "@/components/dashboard/resource-list";
import { AmountTop, linkColumn } from "@/components/dashboard/row-list";
import { InvoiceStatusBadge, formatDueDate, type InvoiceStatusName } from "@/components/invoices/invoice-display";
import { LagosTime } from "@/components/transactions/transaction-display";
import type { InvoiceResponse } from "@/lib/invoices/serializers";
import { formatNaira } from "@/lib/utils";

export const INVOICES_PATH = "/dashboard/invoices";

const EMPTY_TEXT: Record<InvoiceStatusName, string> = {
  DRAFT: "No drafts. Invoices you save without sending wait here.",
  SENT: "No sent invoices awaiting payment.",
  PARTIALLY_PAID: "No invoices paid in part.",
  OVERDUE: "Nothing overdue.",
  PAID: "No paid invoices yet.",
  VOID: "No voided invoices.",
};

/** Paid in part (and still open): how far along it is, as "₦1,500.00 paid of ₦3,500.00". */
const progress = (invoice: InvoiceResponse) =>
  invoice.amountPaid > 0 && invoice.status !== "PAID" ? `${formatNaira(Number(invoice.amountPaid))} paid of ${formatNaira(Number(invoice.amount))}` : null;

function Amount({ invoice }: { invoice: InvoiceResponse }) {
  const part = progress(invoice);
  return (
    <>
      {formatNaira(Number(invoice.amount))}
      {part ? <span className="block text-xs font-normal text-muted-foreground">{part}</span> : null}
    </>
  );
}

/** The invoices list; its page filters it by status (a tab for each). */
export const INVOICE_LIST: ListDefinition<InvoiceResponse, InvoiceStatusName> = {
  path: INVOICES_PATH,
  noun: ["invoice", "invoices"],
  columns: [
    linkColumn("Number", (invoice) => invoice.invoiceNumber, "font-mono text-xs"),
    {
      header: "Customer",
      className: "max-w-64 whitespace-normal",
      cell: (invoice) => (
        <>
          {invoice.customerName ? <span className="block truncate">{invoice.customerName}</span> : null}
          <span className="block truncate text-muted-foreground">{invoice.customerEmail}</span>
        </>
      ),
    },
    { header: "Amount", numeric: true, className: "font-medium", cell: (invoice) => <Amount invoice={invoice} /> },
    { header: "Status", cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
    { header: "Due", className: "text-muted-foreground", cell: (invoice) => (invoice.dueDate ? formatDueDate(invoice.dueDate) : "—") },
    { header: "Created", className: "text-muted-foreground", cell: (invoice) => <LagosTime value={invoice.createdAt} /> },
  ],
  card: (invoice) => (
    <>
      <AmountTop amount={invoice.amount} badge={<InvoiceStatusBadge status={invoice.status} />} />
      <span className="truncate text-sm">
        {invoice.customerName ? `${invoice.customerName} · ` : ""}
        <span className="text-muted-foreground">{invoice.customerEmail}</span>
      </span>
      <span className="text-xs text-muted-foreground">
        <span className="font-mono">{invoice.invoiceNumber}</span>
        {invoice.dueDate ? ` · due ${formatDueDate(invoice.dueDate)}` : ""}
      </span>
      {progress(invoice) ? <span className="text-xs text-muted-foreground">{progress(invoice)}</span> : null}
    </>
  ),
  empty: {
    icon: <FileText />,
    title: "No invoices yet",
    description: "Create an invoice with line items and e-mail it: your customer pays online and it is marked paid by itself.",
  },
  filtered: (status) => ({ title: EMPTY_TEXT[status], clearLabel: "Show all invoices" }),
};
