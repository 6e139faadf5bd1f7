import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type * as React from "react";
import { ArrowLeft, ChevronRight } from "lucide-react";

import { LagosDate, PayoutBank, PayoutStatusBadge } from "@/components/payouts/payout-display";
import { CopyButton } from "@/components/ui/copy-button";
import { LagosTime, TransactionStatusBadge } from "@/components/transactions/transaction-display";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError } from "@/lib/api/errors";
import { getDashboardContext } from "@/lib/auth/session";
import type { TransactionResponse } from "@/lib/payments/serializers";
import { getPayout } from "@/lib/payouts/queries";
import { cn, formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Payout" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROCESSORS: Record<string, string> = { sandbox: "Sandbox (test)", paystack: "Paystack", flutterwave: "Flutterwave" };

/** The merchant's payout in the current mode, or the not-found page (bad id, other merchant, other mode). */
async function loadPayout(scope: { merchantId: string; environment: "test" | "live" }, payoutId: string) {
  if (!UUID.test(payoutId)) notFound();
  try {
    return await getPayout(scope, payoutId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

export default async function PayoutDetailPage({ params }: { params: Promise<{ payoutId: string }> }) {
  const { payoutId } = await params;
  const { merchant } = await getDashboardContext();
  const { payout, transactions } = await loadPayout({ merchantId: merchant.id, environment: merchant.environment }, payoutId);

  return (
    <>
      <Link
        href="/dashboard/payouts"
        className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:min-h-9"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Payouts
      </Link>

      <div className="grid gap-6">
        <Card>
          <CardHeader className="gap-4">
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">{payout.environment === "test" ? "Test payout" : "Payout"}</p>
              <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl">
                {formatNaira(Number(payout.amount))}
                <PayoutStatusBadge status={payout.status} className="text-sm" />
              </h1>
              <p className="mt-2 text-sm text-muted-foreground">
                {payout.settledAt ? (
                  <>
                    {payout.status === "paid" ? "Paid to" : "To"} <PayoutBank bankName={payout.bankName} last4={payout.accountNumberLast4} /> on{" "}
                    <LagosDate value={payout.settledAt} />
                  </>
                ) : (
                  <>
                    To <PayoutBank bankName={payout.bankName} last4={payout.accountNumberLast4} />, not settled yet
                  </>
                )}
              </p>
            </div>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-4 border-t pt-5 sm:grid-cols-2 lg:grid-cols-3">
              <Field label="Gross">{formatNaira(Number(payout.grossAmount))}</Field>
              <Field label="Fees">{formatNaira(Number(payout.fees))}</Field>
              <Field label="Paid out">
                <span className="font-medium">{formatNaira(Number(payout.amount))}</span>
              </Field>
              <Field label="Bank account">
                <PayoutBank bankName={payout.bankName} last4={payout.accountNumberLast4} />
              </Field>
              <Field label="Settled">{payout.settledAt ? <LagosTime value={payout.settledAt} /> : <span className="text-muted-foreground">Not yet</span>}</Field>
              <Field label="Processor">{PROCESSORS[payout.processor] ?? payout.processor}</Field>
              <Field label="Payout ID" wide>
                <span className="flex min-w-0 items-center gap-1">
                  <span className="break-all font-mono text-xs">{payout.id}</span>
                  <CopyButton value={payout.id} label="payout ID" />
                </span>
              </Field>
            </dl>
          </CardContent>
        </Card>

        <section aria-labelledby="payout-transactions" className="rounded-xl border bg-card shadow-card">
          <div className="p-5 sm:p-6">
            <h2 id="payout-transactions" className="text-base font-semibold tracking-tight">
              Payments in this payout
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {transactions.length === 0
                ? "The processor has not listed the payments this payout covers."
                : `${transactions.length} ${transactions.length === 1 ? "payment" : "payments"}, with the fees taken from each.`}
            </p>
          </div>
          {transactions.length === 0 ? (
            <div className="px-5 pb-5 sm:px-6 sm:pb-6">
              <EmptyState title="No payments listed" headingLevel="h3" description="Payments are linked to a payout when the processor reports them in its settlement." />
            </div>
          ) : (
            <>
              <PaymentTable transactions={transactions} />
              <PaymentCards transactions={transactions} />
            </>
          )}
        </section>
      </div>
    </>
  );
}

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm tabular-nums">{children}</dd>
    </div>
  );
}

const transactionHref = (t: TransactionResponse) => `/dashboard/transactions/${t.id}`;
const fees = (t: TransactionResponse) => Number(t.fee) + Number(t.platformFee);

function PaymentTable({ transactions }: { transactions: TransactionResponse[] }) {
  return (
    <Table containerClassName="hidden border-t lg:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Reference</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Fees</TableHead>
          <TableHead className="text-right">Net</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Paid</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.map((t) => (
          <TableRow key={t.id}>
            <TableCell>
              <Link
                href={transactionHref(t)}
                className="rounded-sm font-mono text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t.reference}
              </Link>
            </TableCell>
            <TableCell className="max-w-56 whitespace-normal">
              <span className="block truncate" title={t.customerEmail}>
                {t.customerName ?? t.customerEmail}
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNaira(Number(t.amount))}</TableCell>
            <TableCell className="text-right text-muted-foreground tabular-nums">{formatNaira(fees(t))}</TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatNaira(Number(t.netAmount))}</TableCell>
            <TableCell>
              <TransactionStatusBadge status={t.status} />
            </TableCell>
            <TableCell className="text-muted-foreground">
              <LagosTime value={t.completedAt ?? t.createdAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PaymentCards({ transactions }: { transactions: TransactionResponse[] }) {
  return (
    <ul className="divide-y border-t lg:hidden">
      {transactions.map((t) => (
        <li key={t.id}>
          <Link href={transactionHref(t)} className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none">
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-semibold tabular-nums">{formatNaira(Number(t.netAmount))}</span>
                <TransactionStatusBadge status={t.status} />
              </div>
              <span className="truncate text-sm">
                {formatNaira(Number(t.amount))} <span className="text-muted-foreground">less {formatNaira(fees(t))} fees</span>
              </span>
              <span className="truncate text-xs text-muted-foreground">
                <span className="font-mono">{t.reference}</span> · {t.customerName ?? t.customerEmail}
              </span>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
