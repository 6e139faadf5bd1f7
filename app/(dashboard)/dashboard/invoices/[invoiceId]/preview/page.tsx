import type { Metadata } from "next";

import { BackLink } from "@/components/dashboard/back-link";
import { formatDueDate } from "@/components/invoices/invoice-display";
import { LineItemsTable } from "@/components/invoices/line-items-table";
import { Alert } from "@/components/ui/alert";
import { getDashboardContext } from "@/lib/auth/session";
import { formatNaira } from "@/lib/utils";
import { loadInvoice } from "../load";

export const metadata: Metadata = { title: "Invoice preview" };

/** What the customer will see once the invoice is sent (the customer page shows no drafts). No internal note. */
export default async function InvoicePreviewPage({ params }: { params: Promise<{ invoiceId: string }> }) {
  const { invoiceId } = await params;
  const { merchant } = await getDashboardContext();
  const { invoice } = await loadInvoice(merchant, invoiceId);

  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href={`/dashboard/invoices/${invoice.id}`}>{invoice.invoiceNumber}</BackLink>
      <Alert variant="info" title="Preview" className="mb-4">
        This is how your customer will see the invoice. The internal note is not shown.
      </Alert>
      <article className="rounded-xl border bg-card p-5 shadow-card sm:p-8">
        <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:justify-between">
          <div>
            <p className="text-lg font-semibold">{merchant.businessName}</p>
            <h1 className="text-sm font-normal text-muted-foreground">Invoice {invoice.invoiceNumber}</h1>
          </div>
          <div className="sm:text-right">
            <p className="text-sm text-muted-foreground">Amount due</p>
            <p className="text-2xl font-semibold tabular-nums">{formatNaira(Number(invoice.amount))}</p>
            {invoice.dueDate ? <p className="text-sm text-muted-foreground">Due {formatDueDate(invoice.dueDate)}</p> : null}
          </div>
        </header>
        <p className="mt-5 text-sm">
          <span className="text-muted-foreground">Billed to </span>
          {invoice.customerName ? `${invoice.customerName}, ` : ""}
          <span className="break-all">{invoice.customerEmail}</span>
        </p>
        <div className="mt-5">
          <LineItemsTable items={invoice.lineItems} total={invoice.amount} />
        </div>
        {invoice.allowPartialPayments ? (
          <p className="mt-5 text-sm">
            Your customer may pay in parts
            {invoice.minimumPaymentAmount ? `, at least ${formatNaira(Number(invoice.minimumPaymentAmount))} at a time` : ""}: they choose the amount on the
            invoice page.
          </p>
        ) : null}
        {invoice.customerNote ? <p className="mt-6 whitespace-pre-line rounded-lg bg-muted p-4 text-sm">{invoice.customerNote}</p> : null}
      </article>
    </div>
  );
}
