import type { Metadata } from "next";
import Link from "next/link";

import { BackLink } from "@/components/dashboard/back-link";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { DetailField } from "@/components/dashboard/detail-field";
import { AmountTop, CardTop, RowLink, linkColumn, type Column } from "@/components/dashboard/row-list";
import { RowSection } from "@/components/dashboard/row-section";
import { LagosDay, paymentCountLabel } from "@/components/customers/customer-display";
import { AllocationTarget, allocationHref } from "@/components/customers/allocation-display";
import { RefundCreditDialog } from "@/components/customers/refund-credit-dialog";
import { VirtualAccountButton } from "@/components/customers/virtual-account-button";
import { InvoiceStatusBadge, formatDueDate } from "@/components/invoices/invoice-display";
import { CopyButton } from "@/components/ui/copy-button";
import { AmountWithRefund, LagosTime, TransactionStatusBadge, paymentMethodLine } from "@/components/transactions/transaction-display";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { getCustomer, type CustomerDetail } from "@/lib/customers/queries";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Customer" };

type Transactions = CustomerDetail["transactions"];
type Invoices = CustomerDetail["invoices"];
type Allocations = CustomerDetail["allocations"];

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  const { merchant, role } = await getDashboardContext();
  const { customer, transactions, invoices, virtualAccount, allocations, paidFor, refunded } = await findOrNotFound(customerId, (id) =>
    getCustomer({ merchantId: merchant.id, environment: merchant.environment }, id),
  );
  const allPayments = `/dashboard/transactions?q=${encodeURIComponent(customer.email)}`;

  return (
    <>
      <BackLink href="/dashboard/customers">Customers</BackLink>

      <div className="grid gap-6">
        <Card>
          <CardHeader className="gap-2">
            <p className="text-sm text-muted-foreground">{customer.environment === "test" ? "Test customer" : "Customer"}</p>
            <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{customer.name ?? customer.email}</h1>
            <p className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
              <a
                href={`mailto:${customer.email}`}
                className="min-w-0 break-all rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {customer.email}
              </a>
              <CopyButton value={customer.email} label="e-mail address" />
            </p>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-4 border-t pt-5 lg:grid-cols-4">
              <DetailField label="Total paid">
                <span className="text-lg font-semibold [overflow-wrap:anywhere]">{formatNaira(Number(customer.totalPaid))}</span>
                {refunded > 0n ? <span className="block text-xs text-muted-foreground">of which {formatNaira(Number(refunded))} refunded</span> : null}
              </DetailField>
              <DetailField label="Payments">
                <span className="text-lg font-semibold">{customer.paymentCount.toLocaleString("en-NG")}</span>
              </DetailField>
              <DetailField label="First payment">
                <LagosDay value={customer.firstPaymentAt} />
              </DetailField>
              <DetailField label="Last payment">
                <LagosDay value={customer.lastPaymentAt} />
              </DetailField>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Bank transfers and credit</CardTitle>
            <CardDescription>
              Transfers to their account number pay their open invoices, oldest first; anything beyond what they owe is credit for their next invoice.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
              <DetailField label="Pay-in account">
                {virtualAccount ? (
                  <span className="block [overflow-wrap:anywhere]" data-testid="pay-in-account">
                    {virtualAccount.bankName} <span className="font-mono font-medium">{virtualAccount.accountNumber}</span>{" "}
                    <span className="text-muted-foreground">({virtualAccount.accountName})</span>
                    {virtualAccount.status !== "active" ? (
                      <span className="block text-xs text-muted-foreground">Deactivated by the processor: transfers to it no longer arrive.</span>
                    ) : null}
                  </span>
                ) : roleCan(role, "invoices:write") ? (
                  <div className="grid gap-2">
                    <span className="text-muted-foreground">None yet.</span>
                    <VirtualAccountButton merchantId={merchant.id} customerId={customer.id} />
                  </div>
                ) : (
                  <span className="text-muted-foreground">None yet.</span>
                )}
              </DetailField>
              <DetailField label="Credit balance">
                <span className="flex flex-wrap items-center gap-3">
                  <span className="text-lg font-semibold" data-testid="credit-balance">
                    {formatNaira(Number(customer.balance))}
                  </span>
                  {customer.balance > 0n && roleCan(role, "payments:refund") ? (
                    <RefundCreditDialog merchantId={merchant.id} customerId={customer.id} balanceKobo={Number(customer.balance)} />
                  ) : null}
                </span>
                {customer.balance > 0n ? <span className="block text-xs text-muted-foreground">Applied to their next invoice when you send it.</span> : null}
              </DetailField>
            </dl>
          </CardContent>
        </Card>

        <RowSection
          id="customer-payments"
          title="Payments"
          description={
            transactions.length < customer.paymentCount
              ? `The newest ${transactions.length} of ${paymentCountLabel(customer.paymentCount)}.`
              : `${paymentCountLabel(customer.paymentCount)} completed, newest first.`
          }
          action={
            <Button asChild variant="outline" size="sm">
              {/* Failed and pending attempts too: the transactions list searches by e-mail. */}
              <Link href={allPayments}>Every attempt in Transactions</Link>
            </Button>
          }
          empty={{ title: "No payments listed", description: "Completed payments by this e-mail address show up here." }}
          rows={transactions}
          columns={paymentColumns(paidFor)}
          rowHref={transactionHref}
          card={(t) => <PaymentCard transaction={t} paidFor={paidFor[t.id]} />}
        />

        <RowSection
          id="customer-invoices"
          title="Invoices"
          description={`Invoices addressed to ${customer.email}, newest first.`}
          action={
            roleCan(role, "invoices:write") ? (
              <Button asChild variant="outline" size="sm">
                <Link href="/dashboard/invoices/new">New invoice</Link>
              </Button>
            ) : null
          }
          empty={{ title: "No invoices", description: "Invoices you send to this e-mail address show up here." }}
          rows={invoices}
          columns={INVOICE_COLUMNS}
          rowHref={invoiceHref}
          card={(invoice) => <InvoiceCard invoice={invoice} />}
        />

        <RowSection
          id="customer-allocations"
          title="Allocations"
          description="Where their money went: each invoice a payment paid, credit made, applied and refunded. Newest first."
          empty={{ title: "No allocations yet", description: "When their payments pay invoices or become credit, each part shows up here." }}
          rows={allocations}
          columns={ALLOCATION_COLUMNS}
          rowHref={(a) => allocationHref(a, customer.id)}
          card={(a) => <AllocationCard allocation={a} />}
        />
      </div>
    </>
  );
}

type PaidFor = CustomerDetail["paidFor"];
const transactionHref = (t: Transactions[number]) => `/dashboard/transactions/${t.id}`;
const invoiceHref = (i: Invoices[number]) => `/dashboard/invoices/${i.id}`;

function paymentColumns(paidFor: PaidFor): Column<Transactions[number]>[] {
  return [
    linkColumn("Reference", (t) => t.reference, "font-mono text-xs"),
    { header: "For", className: "max-w-56 truncate text-muted-foreground", cell: (t) => paidFor[t.id] ?? "—" },
    {
      header: "Amount",
      numeric: true,
      className: "font-medium",
      cell: (t) => <AmountWithRefund amount={t.amount} refunded={t.refundedAmount} />,
    },
    { header: "Status", cell: (t) => <TransactionStatusBadge transaction={t} /> },
    { header: "Method", className: "text-muted-foreground", cell: (t) => paymentMethodLine(t.channel, t.paymentMethod) },
    { header: "Paid", className: "text-muted-foreground", cell: (t) => <LagosTime value={t.completedAt ?? t.createdAt} /> },
  ];
}

function PaymentCard({ transaction: t, paidFor }: { transaction: Transactions[number]; paidFor: string | null | undefined }) {
  return (
    <>
      <AmountTop amount={t.amount} badge={<TransactionStatusBadge transaction={t} />} />
      {paidFor ? <span className="truncate text-sm">{paidFor}</span> : null}
      <span className="truncate font-mono text-xs text-muted-foreground">{t.reference}</span>
      <span className="text-xs text-muted-foreground">
        <LagosTime value={t.completedAt ?? t.createdAt} /> · {paymentMethodLine(t.channel, t.paymentMethod)}
      </span>
    </>
  );
}

const INVOICE_COLUMNS: Column<Invoices[number]>[] = [
  linkColumn("Invoice", (invoice) => invoice.invoiceNumber, "font-mono text-xs"),
  { header: "Amount", numeric: true, className: "font-medium", cell: (invoice) => formatNaira(Number(invoice.amount)) },
  { header: "Status", cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
  { header: "Due", className: "text-muted-foreground", cell: (invoice) => (invoice.dueDate ? formatDueDate(invoice.dueDate) : "—") },
  { header: "Created", className: "text-muted-foreground", cell: (invoice) => <LagosDay value={invoice.createdAt} /> },
];

function InvoiceCard({ invoice }: { invoice: Invoices[number] }) {
  return (
    <>
      <AmountTop amount={invoice.amount} badge={<InvoiceStatusBadge status={invoice.status} />} />
      <span className="truncate font-mono text-xs text-muted-foreground">{invoice.invoiceNumber}</span>
      <span className="text-xs text-muted-foreground">{invoice.dueDate ? `Due ${formatDueDate(invoice.dueDate)}` : "No due date"}</span>
    </>
  );
}

const ALLOCATION_COLUMNS: Column<Allocations[number]>[] = [
  { header: "Date", className: "text-muted-foreground", cell: (a) => <LagosTime value={a.createdAt} /> },
  {
    header: "Payment",
    cell: (a) =>
      a.transactionId && a.reference ? (
        <RowLink href={`/dashboard/transactions/${a.transactionId}`} className="font-mono text-xs">
          {a.reference}
        </RowLink>
      ) : (
        <span className="text-muted-foreground">Credit</span>
      ),
  },
  { header: "Went to", cell: (a) => <AllocationTarget allocation={a} linked /> },
  { header: "Amount", numeric: true, className: "font-medium", cell: (a) => formatNaira(Number(a.amount)) },
];

function AllocationCard({ allocation: a }: { allocation: Allocations[number] }) {
  return (
    <>
      <CardTop>
        <span className="min-w-0 truncate text-sm font-medium">
          <AllocationTarget allocation={a} />
        </span>
        <span className="shrink-0 font-semibold tabular-nums">{formatNaira(Number(a.amount))}</span>
      </CardTop>
      {a.reference ? <span className="truncate font-mono text-xs text-muted-foreground">{a.reference}</span> : null}
      <span className="text-xs text-muted-foreground">
        <LagosTime value={a.createdAt} />
      </span>
    </>
  );
}
