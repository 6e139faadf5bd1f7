import type { Metadata } from "next";
import type * as React from "react";
import { PageLink } from "@/components/ui/page-link";

import { Figure } from "@/components/dashboard/figure";
import { PageHeader } from "@/components/dashboard/page-header";
import { PayoutFigures } from "@/components/dashboard/payout-figures";
import { GetStarted } from "@/components/overview/get-started";
import { GoLiveChecklist } from "@/components/overview/go-live";
import { VolumeChart, type VolumePoint } from "@/components/overview/volume-chart";
import { NotPaidOutNotice } from "@/components/payouts/payout-summary";
import { LagosTime, TransactionStatusBadge } from "@/components/transactions/transaction-display";
import { TransactionLinkList, TransactionRowText } from "@/components/transactions/transaction-link-list";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getDashboardContext } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { activationChecklist } from "@/lib/merchants/activation";
import { payoutSummary } from "@/lib/payouts/queries";
import { getOverview, overviewQuery, type OverviewInterval } from "@/lib/reports/overview";
import { cn, formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Overview" };

const INTERVALS: { value: OverviewInterval; label: string; range: string }[] = [
  { value: "day", label: "Daily", range: "last 30 days" },
  { value: "week", label: "Weekly", range: "last 12 weeks" },
  { value: "month", label: "Monthly", range: "last 12 months" },
];

const percent = new Intl.NumberFormat("en-NG", { style: "percent", maximumFractionDigits: 1 });
const count = new Intl.NumberFormat("en-NG");
const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

const invoiceCount = (n: number) => `${count.format(n)} ${n === 1 ? "invoice" : "invoices"}`;

/** Bucket keys are Lagos calendar dates (YYYY-MM-DD): format them as such, not in the server's zone. */
function bucketLabel(bucket: string, interval: OverviewInterval): string {
  const date = new Date(`${bucket}T00:00:00Z`);
  return interval === "month" ? monthYear.format(date) : dayMonth.format(date);
}

export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user, merchant, role } = await getDashboardContext();
  // A hand-edited ?interval=… falls back to daily rather than failing the page.
  const interval = overviewQuery.safeParse(await searchParams).data?.interval ?? "day";
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const [overview, payouts, activation] = await Promise.all([
    getOverview(scope, interval),
    payoutSummary(scope),
    // The "Go live" checklist is shown only while this member views test data.
    merchant.environment === "test" ? activationChecklist(merchant.id) : null,
  ]);
  const range = INTERVALS.find((i) => i.value === interval)!.range;
  const points: VolumePoint[] = overview.series.map((p) => ({ ...p, label: bucketLabel(p.bucket, interval) }));
  const isNew = overview.recentTransactions.length === 0;
  const [hasLinks, hasInvoices, hasWebhooks] = isNew
    ? await Promise.all([
        db.paymentLink.count({ where: scope, take: 1 }),
        db.invoice.count({ where: scope, take: 1 }),
        db.webhookEndpoint.count({ where: scope, take: 1 }),
      ])
    : [1, 1, 1];

  return (
    <>
      <PageHeader
        title={`Welcome, ${user.firstName}`}
        description={`Here's what's happening with ${merchant.businessName}.`}
        actions={<IntervalSwitch current={interval} />}
      />

      {merchant.environment === "test" ? (
        <Alert variant="warning" title="You're in test mode" className="mb-6">
          Payments use test cards and no real money moves. The Test/Live switch at the top changes your own view; your teammates keep theirs.
        </Alert>
      ) : null}

      {activation ? (
        <GoLiveChecklist merchantId={merchant.id} steps={activation.steps} ready={activation.ready} isOwner={role === "OWNER"} className="mb-6" />
      ) : null}

      {isNew ? <GetStarted hasLinks={hasLinks > 0} hasInvoices={hasInvoices > 0} hasWebhooks={hasWebhooks > 0} className="mb-6" /> : null}

      <section aria-labelledby="kpis" className="mb-6">
        <h2 id="kpis" className="sr-only">
          Key figures, {range}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          <Figure label="Collected" value={formatNaira(overview.totals.volume)} hint={range} testId="kpi-volume" />
          <Figure label="Successful payments" value={count.format(overview.totals.count)} hint={range} testId="kpi-count" />
          <Figure
            label="Success rate"
            value={overview.totals.successRate === null ? "—" : percent.format(overview.totals.successRate)}
            hint="of finished payments"
            testId="kpi-success-rate"
          />
          <Figure
            label="Average payment"
            value={overview.totals.averageTicket === null ? "—" : formatNaira(overview.totals.averageTicket)}
            hint={range}
            testId="kpi-average"
          />
        </dl>
      </section>

      <SummarySection id="payouts-summary" title="Payouts" href="/dashboard/payouts">
        <PayoutFigures summary={payouts} testIdPrefix="kpi-" lastPaidWords="Last on" />
        <NotPaidOutNotice summary={payouts} test={merchant.environment === "test"} listHref="/dashboard/payouts#not-paid-out" className="mt-3" />
      </SummarySection>

      <SummarySection id="subscriptions-summary" title="Subscriptions" href="/dashboard/subscriptions">
        <dl className="grid grid-cols-2 gap-3 lg:gap-4">
          <Figure
            label="Monthly recurring revenue"
            value={formatNaira(overview.subscriptions.monthlyRecurringRevenue)}
            hint="Active and past-due subscriptions, per month"
            testId="kpi-mrr"
          />
          <Figure
            label="Active subscribers"
            value={count.format(overview.subscriptions.activeSubscribers)}
            hint={`${count.format(overview.subscriptions.trialing)} in trial · ${count.format(overview.subscriptions.pastDue)} past due`}
            testId="kpi-subscribers"
            tone={overview.subscriptions.pastDue > 0 ? "warning" : undefined}
          />
        </dl>
      </SummarySection>

      <Card className="mb-6">
        <CardHeader>
          <CardTitle as="h2">Collected volume</CardTitle>
          <CardDescription>Successful payments, {range}, in Lagos time.</CardDescription>
        </CardHeader>
        <CardContent>
          <VolumeChart points={points} emptyText={`No payments in the ${range}.`} />
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Show as a table</summary>
            <table className="mt-2 w-full text-left tabular-nums">
              <caption className="sr-only">Collected volume per {interval}</caption>
              <thead>
                <tr className="text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">
                    {interval === "month" ? "Month" : interval === "week" ? "Week starting" : "Day"}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Payments
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Collected
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.bucket} className="border-t">
                    <th scope="row" className="py-1 font-normal">
                      {p.label}
                    </th>
                    <td className="py-1 text-right">{count.format(p.count)}</td>
                    <td className="py-1 text-right">{formatNaira(p.volume)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Recent transactions</CardTitle>
          </CardHeader>
          <CardContent className="px-0 sm:px-0">
            {overview.recentTransactions.length === 0 ? (
              <p className="px-5 text-sm text-muted-foreground sm:px-6">No payments yet.</p>
            ) : (
              <TransactionLinkList
                transactions={overview.recentTransactions}
                rowClassName="flex items-center gap-3 px-5 sm:px-6"
                row={(t) => (
                  <TransactionRowText
                    who={t.customerName ?? t.customerEmail}
                    when={<LagosTime value={t.createdAt} />}
                    amount={formatNaira(t.amount)}
                    under={<TransactionStatusBadge transaction={t} />}
                  />
                )}
              />
            )}
            <p className="px-5 pt-3 sm:px-6">
              <PageLink href="/dashboard/transactions" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                All transactions
              </PageLink>
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Top payment links</CardTitle>
            <CardDescription>By amount collected, {range}.</CardDescription>
          </CardHeader>
          <CardContent>
            {overview.topLinks.length === 0 ? (
              <p className="text-sm text-muted-foreground">No payments through links in this period.</p>
            ) : (
              <ol className="grid grid-cols-1 gap-3">
                {overview.topLinks.map((link) => (
                  <li key={link.id} className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{link.title}</span>
                      <span className="block text-xs text-muted-foreground">
                        /pay/{link.slug} · {count.format(link.count)} {link.count === 1 ? "payment" : "payments"}
                      </span>
                    </span>
                    <span className="shrink-0 font-medium tabular-nums">{formatNaira(link.volume)}</span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2">Invoices</CardTitle>
            <CardDescription>Sent and not yet paid.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="grid grid-cols-2 gap-3">
              <Figure
                label="Outstanding"
                value={formatNaira(overview.invoices.outstanding.amount)}
                hint={invoiceCount(overview.invoices.outstanding.count)}
                testId="kpi-outstanding"
              />
              <Figure
                label="Overdue"
                value={formatNaira(overview.invoices.overdue.amount)}
                hint={invoiceCount(overview.invoices.overdue.count)}
                testId="kpi-overdue"
                tone={overview.invoices.overdue.count > 0 ? "warning" : undefined}
              />
            </dl>
            {overview.invoices.overdueList.length > 0 ? (
              <ul className="divide-y rounded-lg border">
                {overview.invoices.overdueList.map((invoice) => (
                  <li key={invoice.id} className="flex items-baseline justify-between gap-3 px-4 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-mono text-xs">{invoice.invoiceNumber}</span>{" "}
                      <span className="truncate">{invoice.customerName ?? invoice.customerEmail}</span>
                      <span className="block text-xs text-warning-soft-foreground">
                        {invoice.daysOverdue} {invoice.daysOverdue === 1 ? "day" : "days"} overdue
                      </span>
                    </span>
                    <span className="shrink-0 font-medium tabular-nums">{formatNaira(invoice.amount)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** A headed block of the overview (payouts, subscriptions) with a link to its full page. */
function SummarySection({ id, title, href, children }: { id: string; title: string; href: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-6">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-base font-semibold tracking-tight">
          {title}
        </h2>
        <PageLink href={href} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          All {title.toLowerCase()}
        </PageLink>
      </div>
      {children}
    </section>
  );
}

function IntervalSwitch({ current }: { current: OverviewInterval }) {
  return (
    <nav aria-label="Chart interval" className="inline-flex rounded-lg border bg-card p-1 shadow-xs">
      {INTERVALS.map((i) => (
        <PageLink
          key={i.value}
          href={i.value === "day" ? "/dashboard" : `/dashboard?interval=${i.value}`}
          aria-current={i.value === current ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            i.value === current ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
          )}
        >
          {i.label}
        </PageLink>
      ))}
    </nav>
  );
}
