import type { Metadata } from "next";
import Link from "next/link";
import type * as React from "react";
import { ArrowRightLeft, CircleCheck, CircleDot, CircleX, Flag, Radio, Undo2 } from "lucide-react";

import { BackLink } from "@/components/dashboard/back-link";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { CopyableId, DetailField } from "@/components/dashboard/detail-field";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LagosDate, payoutStatusLabel } from "@/components/payouts/payout-display";
import { SettlementDay } from "@/components/payouts/payout-summary";
import { lagosDay } from "@/lib/lagos-time";
import { settlementDay } from "@/lib/payouts/schedule";
import { CopyButton } from "@/components/ui/copy-button";
import { RefundDialog } from "@/components/transactions/refund-dialog";
import { LagosTime, TransactionStatusBadge, paymentMethodLine, senderLine } from "@/components/transactions/transaction-display";
import { getDashboardContext } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { roleCan } from "@/lib/auth/permissions";
import { paymentTrail, type PaymentTrail } from "@/lib/payments/allocations";
import { paidForByTransaction } from "@/lib/payments/paid-for";
import { getTransactionDetail, type RefundDetail, type TimelineEntry } from "@/lib/payments/queries";
import { cn, formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Transaction" };

const linkClass = "font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export default async function TransactionDetailPage({ params }: { params: Promise<{ transactionId: string }> }) {
  const { transactionId } = await params;
  const { merchant, role } = await getDashboardContext();
  const {
    transaction: t,
    timeline,
    refunds,
  } = await findOrNotFound(transactionId, (id) => getTransactionDetail({ merchantId: merchant.id, environment: merchant.environment }, id));

  // Only the dashboard reads the row's flaggedReason and failureReason; the API response leaves them out.
  const flagged = timeline.findLast((e) => e.kind === "flagged");
  const failed = timeline.findLast((e) => e.kind === "failed");

  const amount = Number(t.amount);
  // The payout that settled it to the merchant's bank account, once there is one.
  const payout = t.payoutId
    ? await db.payout.findFirst({ where: { id: t.payoutId, merchantId: merchant.id }, select: { id: true, amount: true, status: true, settledAt: true } })
    : null;
  // What it paid for, linked, instead of raw link and invoice ids.
  const [paidFor, stored, trail] = await Promise.all([
    paidForByTransaction(merchant.id, [t]).then((map) => map.get(t.id) ?? null),
    db.transaction.findFirst({ where: { id: t.id, merchantId: merchant.id }, select: { customerId: true, subaccountCode: true, processor: true } }),
    paymentTrail({ merchantId: merchant.id, environment: merchant.environment }, t.id),
  ]);
  const customer = stored?.customerId ?? null;
  const refunded = Number(t.refundedAmount);
  const remaining = amount - refunded;
  const paid = t.status === "COMPLETED" || t.status === "REFUNDED";
  const refundable = roleCan(role, "payments:refund") && paid && remaining > 0;

  return (
    <>
      <BackLink href="/dashboard/transactions">Transactions</BackLink>

      {flagged ? (
        <Alert variant="warning" title="Flagged for review" className="mb-4">
          {flagged.detail ?? "The processor reported something that does not match this transaction."} It was not completed automatically; check it in your
          processor dashboard before giving value.
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="gap-4">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm text-muted-foreground">{t.environment === "test" ? "Test payment" : "Payment"}</p>
                <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl">
                  {formatNaira(amount)}
                  <TransactionStatusBadge transaction={t} className="text-sm" />
                </h1>
                <div className="mt-2 flex min-w-0 items-center gap-1">
                  <span className="break-all font-mono text-sm">{t.reference}</span>
                  <CopyButton value={t.reference} label="reference" />
                </div>
              </div>
              {refundable ? (
                <div className="shrink-0">
                  <RefundDialog
                    transactionId={t.id}
                    reference={t.reference}
                    remainingKobo={remaining}
                    partlyRefunded={refunded > 0}
                    customerEmail={t.customerEmail}
                  />
                </div>
              ) : null}
            </div>
            {failed?.detail ? (
              <Alert variant="error" title={failed.title}>
                {failed.detail}
              </Alert>
            ) : null}
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-4 border-t pt-5 sm:grid-cols-2">
              {paidFor ? (
                <DetailField label="Paid for" wide>
                  {paidFor.href ? (
                    <Link href={paidFor.href} className={linkClass}>
                      {paidFor.label}
                    </Link>
                  ) : (
                    paidFor.label
                  )}
                </DetailField>
              ) : null}
              <DetailField label="Customer">
                {customer ? (
                  <Link href={`/dashboard/customers/${customer}`} className={cn("block break-all", linkClass)}>
                    {t.customerEmail}
                  </Link>
                ) : (
                  <span className="block break-all">{t.customerEmail}</span>
                )}
                {t.customerName ? <span className="block text-muted-foreground">{t.customerName}</span> : null}
              </DetailField>
              <DetailField label="Method">
                {paymentMethodLine(t.channel, t.paymentMethod)}
                {senderLine(t) ? <span className="block break-words text-muted-foreground">{senderLine(t)}</span> : null}
              </DetailField>
              {trail.account ? (
                <DetailField label="Arrived in" wide>
                  The customer&apos;s account number:{" "}
                  <span className="font-medium">
                    {trail.account.bankName} <span className="font-mono tabular-nums">{trail.account.accountNumber}</span>
                  </span>{" "}
                  <span className="text-muted-foreground">({trail.account.accountName})</span>
                </DetailField>
              ) : null}
              <DetailField label="Amount">{formatNaira(amount)}</DetailField>
              <DetailField label="Processor fee">{formatNaira(Number(t.fee))}</DetailField>
              <DetailField label="Platform fee">{formatNaira(Number(t.platformFee))}</DetailField>
              <DetailField label="Net amount">
                {paid ? (
                  <>
                    <span className="font-medium" data-testid="net-amount">
                      {formatNaira(Number(t.netAmount))}
                    </span>
                    {refunded > 0 ? <span className="block text-muted-foreground">After fees and {formatNaira(refunded)} refunded</span> : null}
                  </>
                ) : (
                  <span className="text-muted-foreground">— (not paid)</span>
                )}
              </DetailField>
              <DetailField label="Payout">
                {payout ? (
                  <Link href={`/dashboard/payouts/${payout.id}`} className={linkClass}>
                    {formatNaira(Number(payout.amount))} · {payoutStatusLabel(payout.status).toLowerCase()}
                    {payout.settledAt ? (
                      <>
                        {" "}
                        on <LagosDate value={payout.settledAt} />
                      </>
                    ) : null}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">
                    {!paid ? (
                      "—"
                    ) : !stored?.subaccountCode ? (
                      "In no payout: made before your settlement account was set up, so the processor paid it to Paylink's own account"
                    ) : (
                      <>
                        Not paid out yet · expected <SettlementDay day={settlementDay(stored.processor, lagosDay(t.completedAt ?? t.createdAt))} />
                      </>
                    )}
                  </span>
                )}
              </DetailField>
              <DetailField label="Refunded">
                {refunded > 0 ? (
                  <>
                    {formatNaira(refunded)}
                    <span className="text-muted-foreground">{remaining > 0 ? ` · ${formatNaira(remaining)} left` : " · in full"}</span>
                  </>
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </DetailField>
              <DetailField label="Created">
                <LagosTime value={t.createdAt} />
              </DetailField>
              <DetailField label="Completed">
                {t.completedAt ? <LagosTime value={t.completedAt} /> : <span className="text-muted-foreground">—</span>}
              </DetailField>
              {t.description && t.description !== paidFor?.label ? (
                <DetailField label="Description" wide>
                  {t.description}
                </DetailField>
              ) : null}
              <DetailField label="Transaction ID" wide>
                <CopyableId value={t.id} label="transaction ID" />
              </DetailField>
            </dl>

            {t.metadata !== null && t.metadata !== undefined ? (
              <div className="mt-5 border-t pt-5">
                <h2 className="text-sm font-medium text-muted-foreground">Metadata</h2>
                <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs leading-5">{JSON.stringify(t.metadata, null, 2)}</pre>
              </div>
            ) : null}

            {trail.allocations.length > 0 ? <AllocationList allocations={trail.allocations} /> : null}

            {refunds.length > 0 ? <RefundList refunds={refunds} /> : null}
          </CardContent>
        </Card>

        <Card className="self-start">
          <CardHeader>
            <CardTitle as="h2">Timeline</CardTitle>
            <CardDescription>Times are in Lagos (WAT).</CardDescription>
          </CardHeader>
          <CardContent>
            <Timeline entries={timeline} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

// Rows with no invoice (an invoice's row is its link): credit, or an invoice since removed.
const TRAIL_TEXT: Record<PaymentTrail["allocations"][number]["kind"], string> = {
  payment: "An invoice no longer on record",
  credit: "The customer's credit (paid beyond what their invoices owed)",
  credit_applied: "Credit applied to an invoice no longer on record",
  credit_refunded: "Credit refunded to the customer",
};

/** What each part of the payment paid: an invoice (linked), the customer's credit, or credit given back. */
function AllocationList({ allocations }: { allocations: PaymentTrail["allocations"] }) {
  return (
    <section aria-labelledby="allocations-heading" className="mt-5 border-t pt-5">
      <h2 id="allocations-heading" className="text-sm font-medium text-muted-foreground">
        Where the money went
      </h2>
      <ul className="mt-2 divide-y rounded-lg border">
        {allocations.map((a) => (
          <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3 text-sm">
            <span className="min-w-0">
              {a.invoice ? (
                <>
                  {a.kind === "credit_applied" ? "Credit applied to " : "Paid invoice "}
                  <Link href={`/dashboard/invoices/${a.invoice.id}`} className={cn("font-mono", linkClass)}>
                    {a.invoice.invoiceNumber}
                  </Link>
                </>
              ) : (
                TRAIL_TEXT[a.kind]
              )}
            </span>
            <span className="shrink-0 font-medium tabular-nums">{formatNaira(Number(a.amount))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const REFUND_STATUS: Record<RefundDetail["status"], { label: string; variant: "warning" | "success" | "destructive" }> = {
  pending: { label: "Pending", variant: "warning" },
  processed: { label: "Processed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
};

function requesterText(by: RefundDetail["requestedBy"]): string {
  if (!by) return "Automatic refund";
  if (by.type === "apiKey") return by.hint ? `Secret key ••••${by.hint}` : "A secret key";
  return by.name ?? by.email ?? "A former team member";
}

/** Each refund from its record: amount, status, reason, who asked and when. */
function RefundList({ refunds }: { refunds: RefundDetail[] }) {
  return (
    <section aria-labelledby="refunds-heading" className="mt-5 border-t pt-5">
      <h2 id="refunds-heading" className="text-sm font-medium text-muted-foreground">
        Refunds
      </h2>
      <ul className="mt-2 divide-y rounded-lg border">
        {refunds.map((refund) => {
          const status = REFUND_STATUS[refund.status];
          return (
            <li key={refund.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium tabular-nums">
                  {formatNaira(Number(refund.amount))}
                  <Badge variant={status.variant} dot>
                    {status.label}
                  </Badge>
                </p>
                {refund.reason ? <p className="mt-1 break-words text-sm text-muted-foreground">{refund.reason}</p> : null}
                {refund.status === "failed" ? (
                  <p className="mt-1 break-words text-sm text-destructive-soft-foreground">
                    {refund.failureReason ?? "The processor could not refund it"}. The amount can be refunded again.
                  </p>
                ) : null}
              </div>
              <div className="shrink-0 text-xs text-muted-foreground tabular-nums sm:text-right">
                <p>
                  {requesterText(refund.requestedBy)} · <LagosTime value={refund.createdAt} />
                </p>
                {refund.processedAt ? (
                  <p className="mt-0.5">
                    Processed <LagosTime value={refund.processedAt} />
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const KIND_STYLE: Record<TimelineEntry["kind"], { icon: React.ComponentType<{ className?: string }>; className: string }> = {
  created: { icon: CircleDot, className: "bg-muted text-muted-foreground" },
  attempt: { icon: ArrowRightLeft, className: "bg-muted text-muted-foreground" },
  processor_event: { icon: Radio, className: "bg-info-soft text-info-soft-foreground" },
  completed: { icon: CircleCheck, className: "bg-success-soft text-success-soft-foreground" },
  failed: { icon: CircleX, className: "bg-destructive-soft text-destructive-soft-foreground" },
  refunded: { icon: Undo2, className: "bg-info-soft text-info-soft-foreground" },
  flagged: { icon: Flag, className: "bg-warning-soft text-warning-soft-foreground" },
};

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="grid">
      {entries.map((entry, index) => {
        const style = KIND_STYLE[entry.kind];
        const Icon = style.icon;
        const last = index === entries.length - 1;
        return (
          <li key={`${entry.kind}-${entry.at.toISOString()}-${index}`} className="relative flex gap-3 pb-5 last:pb-0">
            {last ? null : <span className="absolute left-3.5 top-8 -bottom-0 w-px -translate-x-1/2 bg-border" aria-hidden="true" />}
            <span className={cn("relative flex size-7 shrink-0 items-center justify-center rounded-full", style.className)} aria-hidden="true">
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 pt-0.5">
              <p className="text-sm font-medium leading-5">{entry.title}</p>
              {entry.detail ? <p className="mt-0.5 break-words text-sm text-muted-foreground">{entry.detail}</p> : null}
              <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">
                <LagosTime value={entry.at} />
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
