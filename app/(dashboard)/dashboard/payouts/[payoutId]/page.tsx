import type { Metadata } from "next";

import { BackLink } from "@/components/dashboard/back-link";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { CopyableId, DetailField } from "@/components/dashboard/detail-field";
import { AmountTop, linkColumn, type Column } from "@/components/dashboard/row-list";
import { RowSection } from "@/components/dashboard/row-section";
import { LagosDate, PayoutBank, PayoutStatusBadge } from "@/components/payouts/payout-display";
import { LagosTime, TransactionStatusBadge } from "@/components/transactions/transaction-display";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { getDashboardContext } from "@/lib/auth/session";
import type { TransactionResponse } from "@/lib/payments/serializers";
import { getPayout } from "@/lib/payouts/queries";
import { catalogEntry, type ProcessorName } from "@/lib/processors/catalog";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Payout" };

/** "Sandbox (test)": a test-only processor says so. */
function processorLabel(name: ProcessorName): string {
  const { displayName, testOnly } = catalogEntry(name);
  return testOnly ? `${displayName} (test)` : displayName;
}

export default async function PayoutDetailPage({ params }: { params: Promise<{ payoutId: string }> }) {
  const { payoutId } = await params;
  const { merchant } = await getDashboardContext();
  const { payout, transactions } = await findOrNotFound(payoutId, (id) => getPayout({ merchantId: merchant.id, environment: merchant.environment }, id));

  return (
    <>
      <BackLink href="/dashboard/payouts">Payouts</BackLink>

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
              <DetailField label="Gross">{formatNaira(Number(payout.grossAmount))}</DetailField>
              <DetailField label="Fees">{formatNaira(Number(payout.fees))}</DetailField>
              <DetailField label="Paid out">
                <span className="font-medium">{formatNaira(Number(payout.amount))}</span>
              </DetailField>
              <DetailField label="Bank account">
                <PayoutBank bankName={payout.bankName} last4={payout.accountNumberLast4} />
              </DetailField>
              <DetailField label="Settled">
                {payout.settledAt ? <LagosTime value={payout.settledAt} /> : <span className="text-muted-foreground">Not yet</span>}
              </DetailField>
              <DetailField label="Processor">{processorLabel(payout.processor)}</DetailField>
              <DetailField label="Payout ID" wide>
                <CopyableId value={payout.id} label="payout ID" />
              </DetailField>
            </dl>
          </CardContent>
        </Card>

        <RowSection
          id="payout-transactions"
          title="Payments in this payout"
          description={
            transactions.length === 0
              ? "The processor has not listed the payments this payout covers."
              : `${transactions.length} ${transactions.length === 1 ? "payment" : "payments"}, with the fees taken from each.`
          }
          empty={{ title: "No payments listed", description: "Payments are linked to a payout when the processor reports them in its settlement." }}
          rows={transactions}
          columns={PAYMENT_COLUMNS}
          rowHref={transactionHref}
          card={(t) => <PaymentCard transaction={t} />}
        />
      </div>
    </>
  );
}

const transactionHref = (t: TransactionResponse) => `/dashboard/transactions/${t.id}`;
const fees = (t: TransactionResponse) => Number(t.fee) + Number(t.platformFee);

const PAYMENT_COLUMNS: Column<TransactionResponse>[] = [
  linkColumn("Reference", (t) => t.reference, "font-mono text-xs"),
  {
    header: "Customer",
    className: "max-w-56 whitespace-normal",
    cell: (t) => (
      <span className="block truncate" title={t.customerEmail}>
        {t.customerName ?? t.customerEmail}
      </span>
    ),
  },
  { header: "Amount", numeric: true, cell: (t) => formatNaira(Number(t.amount)) },
  { header: "Fees", numeric: true, className: "text-muted-foreground", cell: (t) => formatNaira(fees(t)) },
  { header: "Net", numeric: true, className: "font-medium", cell: (t) => formatNaira(Number(t.netAmount)) },
  { header: "Status", cell: (t) => <TransactionStatusBadge transaction={t} /> },
  { header: "Paid", className: "text-muted-foreground", cell: (t) => <LagosTime value={t.completedAt ?? t.createdAt} /> },
];

function PaymentCard({ transaction: t }: { transaction: TransactionResponse }) {
  return (
    <>
      <AmountTop amount={t.netAmount} badge={<TransactionStatusBadge transaction={t} />} />
      <span className="truncate text-sm">
        {formatNaira(Number(t.amount))} <span className="text-muted-foreground">less {formatNaira(fees(t))} fees</span>
      </span>
      <span className="truncate text-xs text-muted-foreground">
        <span className="font-mono">{t.reference}</span> · {t.customerName ?? t.customerEmail}
      </span>
    </>
  );
}
