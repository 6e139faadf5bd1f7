import type { Metadata } from "next";
import type * as React from "react";

import { DetailPage, UrlBox } from "@/components/dashboard/detail-parts";
import { InvoiceActions } from "@/components/invoices/invoice-actions";
import { InvoiceStatusBadge, formatDueDate } from "@/components/invoices/invoice-display";
import { LineItemsTable } from "@/components/invoices/line-items-table";
import { ShareActions } from "@/components/payment-links/share-actions";
import { PaymentsCard } from "@/components/transactions/payments-card";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { formatNaira } from "@/lib/utils";
import type { InvoiceResponse } from "@/lib/invoices/serializers";
import Link from "next/link";
import { loadInvoice } from "./load";

export const metadata: Metadata = { title: "Invoice" };

export default async function InvoicePage({ params }: { params: Promise<{ invoiceId: string }> }) {
  const { invoiceId } = await params;
  const { merchant, role } = await getDashboardContext();
  const { invoice, payments } = await loadInvoice(merchant, invoiceId);
  // The daily job marks it OVERDUE; until it runs, say so anyway.
  const open = invoice.status === "SENT" || invoice.status === "PARTIALLY_PAID";
  const pastDue = invoice.status === "OVERDUE" || (open && isPastDue(invoice.dueDate));
  const partly = invoice.amountPaid > 0 && invoice.status !== "PAID";

  return (
    <DetailPage
      back={{ href: "/dashboard/invoices", label: "Invoices" }}
      heading={
        <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <p className="font-mono text-sm text-muted-foreground">{invoice.invoiceNumber}</p>
            <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-semibold tracking-tight tabular-nums">
              {formatNaira(Number(invoice.amount))}
              <InvoiceStatusBadge status={invoice.status} className="text-sm" />
            </h1>
            {partly ? (
              <p className="mt-1 text-sm tabular-nums" data-testid="invoice-paid-due">
                <span className="font-medium">{formatNaira(Number(invoice.amountPaid))}</span> paid ·{" "}
                <span className="font-medium">{formatNaira(Number(invoice.amountDue))}</span> due
              </p>
            ) : null}
            <p className="mt-1 break-all text-sm text-muted-foreground">
              {invoice.customerName ? `${invoice.customerName} · ` : ""}
              {invoice.customerEmail}
            </p>
          </div>
          <InvoiceActions
            merchantId={merchant.id}
            invoiceId={invoice.id}
            invoiceNumber={invoice.invoiceNumber}
            status={invoice.status}
            customerEmail={invoice.customerEmail}
            hasPayments={invoice.amountPaid > 0}
            canWrite={roleCan(role, "invoices:write")}
          />
        </div>
      }
      notices={[
        invoice.status === "DRAFT"
          ? { variant: "info", title: "Draft", body: "Your customer has not seen this invoice. Edit it as much as you like, then send it." }
          : null,
        pastDue ? { variant: "warning", title: "Past its due date", body: "Re-send it to remind your customer; the link to pay still works." } : null,
      ]}
      main={
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Items</CardTitle>
            </CardHeader>
            <CardContent>
              <LineItemsTable items={invoice.lineItems} total={invoice.amount} />
            </CardContent>
          </Card>

          {invoice.customerNote || invoice.merchantNote ? (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Notes</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4 text-sm">
                {invoice.customerNote ? (
                  <div>
                    <h3 className="font-medium">To the customer</h3>
                    <p className="mt-1 whitespace-pre-line text-muted-foreground">{invoice.customerNote}</p>
                  </div>
                ) : null}
                {invoice.merchantNote ? (
                  <div>
                    <h3 className="font-medium">Internal (never shown to the customer)</h3>
                    <p className="mt-1 whitespace-pre-line text-muted-foreground">{invoice.merchantNote}</p>
                  </div>
                ) : null}
              </CardContent>
            </Card>
          ) : null}

          {invoice.allocations.length > 0 || invoice.allowPartialPayments ? <AllocationsCard invoice={invoice} /> : null}

          <PaymentsCard
            payments={payments}
            show="reference"
            description={payments.length === 0 ? "No payment attempts yet." : "Attempts to pay this invoice, newest first."}
          />
        </>
      }
      side={
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Dates</CardTitle>
              <CardDescription>Times are in Lagos (WAT).</CardDescription>
            </CardHeader>
            <CardContent>
              <ol className="grid gap-3 text-sm">
                <DateRow label="Created">
                  <LagosTime value={invoice.createdAt} />
                </DateRow>
                <DateRow label="Sent">{invoice.sentAt ? <LagosTime value={invoice.sentAt} /> : null}</DateRow>
                <DateRow label="Due">{invoice.dueDate ? formatDueDate(invoice.dueDate) : null}</DateRow>
                {invoice.paidAt ? (
                  <DateRow label="Paid">
                    <LagosTime value={invoice.paidAt} />
                  </DateRow>
                ) : null}
                {invoice.voidedAt ? (
                  <DateRow label="Voided">
                    <LagosTime value={invoice.voidedAt} />
                  </DateRow>
                ) : null}
              </ol>
            </CardContent>
          </Card>
          {invoice.status !== "DRAFT" ? (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Customer link</CardTitle>
                <CardDescription>The page where your customer views and pays this invoice.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                <UrlBox url={invoice.hostedUrl} copyLabel="invoice link" className="text-xs" />
                {open || invoice.status === "OVERDUE" ? (
                  <ShareActions url={invoice.hostedUrl} title={`Invoice ${invoice.invoiceNumber} from ${merchant.businessName}`} />
                ) : null}
              </CardContent>
            </Card>
          ) : null}
        </>
      }
    />
  );
}

/** How the invoice was paid, oldest first: each payment (linked to it) or the customer's credit. */
function AllocationsCard({ invoice }: { invoice: InvoiceResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Allocations</CardTitle>
        <CardDescription>
          {invoice.allowPartialPayments
            ? `Paid in parts${invoice.minimumPaymentAmount ? `, at least ${formatNaira(Number(invoice.minimumPaymentAmount))} at a time` : ""}. `
            : ""}
          {formatNaira(Number(invoice.amountPaid))} paid of {formatNaira(Number(invoice.amount))}; {formatNaira(Number(invoice.amountDue))} due.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invoice.allocations.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing paid yet.</p>
        ) : (
          <ol className="grid gap-3 text-sm" aria-label="Payments applied to this invoice">
            {invoice.allocations.map((allocation) => (
              <li key={allocation.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b pb-3 last:border-0 last:pb-0">
                <span className="min-w-0">
                  {allocation.transactionId && allocation.reference ? (
                    <Link
                      href={`/dashboard/transactions/${allocation.transactionId}`}
                      className="break-all font-mono text-xs text-primary underline-offset-4 hover:underline"
                    >
                      {allocation.reference}
                    </Link>
                  ) : (
                    <span>Customer credit</span>
                  )}
                  <span className="block text-xs text-muted-foreground">
                    <LagosTime value={allocation.createdAt} />
                  </span>
                </span>
                <span className="font-medium tabular-nums">{formatNaira(Number(allocation.amount))}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** Due dates are midnight UTC; the day after the due date, the invoice is late (as the daily job counts it). */
function isPastDue(dueDate: Date | null, now = new Date()): boolean {
  return dueDate !== null && dueDate.getTime() < Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

function DateRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <li className="flex justify-between gap-4">
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right tabular-nums">{children ?? <span className="text-muted-foreground">—</span>}</span>
    </li>
  );
}
