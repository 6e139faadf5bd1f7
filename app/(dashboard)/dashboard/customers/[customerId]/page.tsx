import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type * as React from "react";
import { ArrowLeft, ChevronRight } from "lucide-react";

import { LagosDay, paymentCountLabel } from "@/components/customers/customer-display";
import { InvoiceStatusBadge, formatDueDate } from "@/components/invoices/invoice-display";
import { CopyButton } from "@/components/ui/copy-button";
import { LagosTime, TransactionStatusBadge, paymentMethodLine } from "@/components/transactions/transaction-display";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError } from "@/lib/api/errors";
import { roleCan } from "@/lib/auth/role-can";
import { getDashboardContext } from "@/lib/auth/session";
import { getCustomer, type CustomerDetail } from "@/lib/customers/queries";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Customer" };

type Transactions = CustomerDetail["transactions"];
type Invoices = CustomerDetail["invoices"];

/** The merchant's customer in the current mode, or the not-found page (bad id, other merchant, other mode). */
async function loadCustomer(scope: { merchantId: string; environment: "test" | "live" }, customerId: string) {
  try {
    return await getCustomer(scope, customerId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  const { merchant, role } = await getDashboardContext();
  const { customer, transactions, invoices, paidFor, refunded } = await loadCustomer({ merchantId: merchant.id, environment: merchant.environment }, customerId);
  const allPayments = `/dashboard/transactions?q=${encodeURIComponent(customer.email)}`;

  return (
    <>
      <Link
        href="/dashboard/customers"
        className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:min-h-9"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Customers
      </Link>

      <div className="grid gap-6">
        <Card>
          <CardHeader className="gap-2">
            <p className="text-sm text-muted-foreground">{customer.environment === "test" ? "Test customer" : "Customer"}</p>
            <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{customer.name ?? customer.email}</h1>
            <p className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
              <a href={`mailto:${customer.email}`} className="min-w-0 break-all rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                {customer.email}
              </a>
              <CopyButton value={customer.email} label="e-mail address" />
            </p>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-4 border-t pt-5 lg:grid-cols-4">
              <Field label="Total paid">
                <span className="text-lg font-semibold [overflow-wrap:anywhere]">{formatNaira(Number(customer.totalPaid))}</span>
                {refunded > 0n ? <span className="block text-xs text-muted-foreground">of which {formatNaira(Number(refunded))} refunded</span> : null}
              </Field>
              <Field label="Payments">
                <span className="text-lg font-semibold">{customer.paymentCount.toLocaleString("en-NG")}</span>
              </Field>
              <Field label="First payment">
                <LagosDay value={customer.firstPaymentAt} />
              </Field>
              <Field label="Last payment">
                <LagosDay value={customer.lastPaymentAt} />
              </Field>
            </dl>
          </CardContent>
        </Card>

        <section aria-labelledby="customer-payments" className="rounded-xl border bg-card shadow-card">
          <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-6">
            <div>
              <h2 id="customer-payments" className="text-base font-semibold tracking-tight">
                Payments
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                {transactions.length < customer.paymentCount
                  ? `The newest ${transactions.length} of ${paymentCountLabel(customer.paymentCount)}.`
                  : `${paymentCountLabel(customer.paymentCount)} completed, newest first.`}
              </p>
            </div>
            <Button asChild variant="outline" size="sm">
              {/* Failed and pending attempts too: the transactions list searches by e-mail. */}
              <Link href={allPayments}>Every attempt in Transactions</Link>
            </Button>
          </div>
          {transactions.length === 0 ? (
            <div className="px-5 pb-5 sm:px-6 sm:pb-6">
              <EmptyState title="No payments listed" headingLevel="h3" description="Completed payments by this e-mail address show up here." />
            </div>
          ) : (
            <>
              <PaymentTable transactions={transactions} paidFor={paidFor} />
              <PaymentCards transactions={transactions} paidFor={paidFor} />
            </>
          )}
        </section>

        <section aria-labelledby="customer-invoices" className="rounded-xl border bg-card shadow-card">
          <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-6">
            <div>
              <h2 id="customer-invoices" className="text-base font-semibold tracking-tight">
                Invoices
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">Invoices addressed to {customer.email}, newest first.</p>
            </div>
            {roleCan(role, "invoices:write") ? (
              <Button asChild variant="outline" size="sm">
                <Link href="/dashboard/invoices/new">New invoice</Link>
              </Button>
            ) : null}
          </div>
          {invoices.length === 0 ? (
            <div className="px-5 pb-5 sm:px-6 sm:pb-6">
              <EmptyState title="No invoices" headingLevel="h3" description="Invoices you send to this e-mail address show up here." />
            </div>
          ) : (
            <>
              <InvoiceTable invoices={invoices} />
              <InvoiceCards invoices={invoices} />
            </>
          )}
        </section>
      </div>
    </>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm tabular-nums">{children}</dd>
    </div>
  );
}

const transactionHref = (t: Transactions[number]) => `/dashboard/transactions/${t.id}`;
const invoiceHref = (i: Invoices[number]) => `/dashboard/invoices/${i.id}`;
const linkClass =
  "rounded-sm font-mono text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
const rowLinkClass = "flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none";

type PaidFor = CustomerDetail["paidFor"];

function PaymentTable({ transactions, paidFor }: { transactions: Transactions; paidFor: PaidFor }) {
  return (
    <Table containerClassName="hidden border-t lg:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Reference</TableHead>
          <TableHead>For</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Method</TableHead>
          <TableHead>Paid</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.map((t) => (
          <TableRow key={t.id}>
            <TableCell>
              <Link href={transactionHref(t)} className={linkClass}>
                {t.reference}
              </Link>
            </TableCell>
            <TableCell className="max-w-56 truncate text-muted-foreground">{paidFor[t.id] ?? "—"}</TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatNaira(Number(t.amount))}
              {t.refundedAmount > 0n ? <span className="block text-xs font-normal text-muted-foreground">−{formatNaira(Number(t.refundedAmount))} refunded</span> : null}
            </TableCell>
            <TableCell>
              <TransactionStatusBadge status={t.status} />
            </TableCell>
            <TableCell className="text-muted-foreground">{paymentMethodLine(t.channel, t.paymentMethod)}</TableCell>
            <TableCell className="text-muted-foreground">
              <LagosTime value={t.completedAt ?? t.createdAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PaymentCards({ transactions, paidFor }: { transactions: Transactions; paidFor: PaidFor }) {
  return (
    <ul className="divide-y border-t lg:hidden">
      {transactions.map((t) => (
        <li key={t.id}>
          <Link href={transactionHref(t)} className={rowLinkClass}>
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-semibold tabular-nums">{formatNaira(Number(t.amount))}</span>
                <TransactionStatusBadge status={t.status} />
              </div>
              {paidFor[t.id] ? <span className="truncate text-sm">{paidFor[t.id]}</span> : null}
              <span className="truncate font-mono text-xs text-muted-foreground">{t.reference}</span>
              <span className="text-xs text-muted-foreground">
                <LagosTime value={t.completedAt ?? t.createdAt} /> · {paymentMethodLine(t.channel, t.paymentMethod)}
              </span>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function InvoiceTable({ invoices }: { invoices: Invoices }) {
  return (
    <Table containerClassName="hidden border-t lg:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Invoice</TableHead>
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
              <Link href={invoiceHref(invoice)} className={linkClass}>
                {invoice.invoiceNumber}
              </Link>
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatNaira(Number(invoice.amount))}</TableCell>
            <TableCell>
              <InvoiceStatusBadge status={invoice.status} />
            </TableCell>
            <TableCell className="text-muted-foreground">{invoice.dueDate ? formatDueDate(invoice.dueDate) : "—"}</TableCell>
            <TableCell className="text-muted-foreground">
              <LagosDay value={invoice.createdAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function InvoiceCards({ invoices }: { invoices: Invoices }) {
  return (
    <ul className="divide-y border-t lg:hidden">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <Link href={invoiceHref(invoice)} className={rowLinkClass}>
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-semibold tabular-nums">{formatNaira(Number(invoice.amount))}</span>
                <InvoiceStatusBadge status={invoice.status} />
              </div>
              <span className="truncate font-mono text-xs text-muted-foreground">{invoice.invoiceNumber}</span>
              <span className="text-xs text-muted-foreground">{invoice.dueDate ? `Due ${formatDueDate(invoice.dueDate)}` : "No due date"}</span>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
