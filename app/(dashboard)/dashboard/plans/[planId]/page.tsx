import type { Metadata } from "next";
import type * as React from "react";
import { ExternalLink } from "lucide-react";

import { BackLink } from "@/components/dashboard/back-link";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { listHref } from "@/components/dashboard/list-params";
import { QrCodeCard } from "@/components/dashboard/qr-code-card";
import { ShareActions } from "@/components/payment-links/share-actions";
import { PLANS_PATH, PlanStatusBadge, planPriceLabel, subscribeUrl, trialLabel } from "@/components/plans/plan-display";
import { PlanActions } from "@/components/plans/plan-actions";
import { SUBSCRIPTIONS_PATH } from "@/components/subscriptions/subscription-display";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { FitText } from "@/components/ui/fit-text";
import { IntentLink } from "@/components/ui/intent-link";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { config } from "@/lib/config";
import { INTERVAL_OPTIONS } from "@/lib/subscriptions/form";
import { subscriptionMetrics } from "@/lib/subscriptions/metrics";
import { getPlan } from "@/lib/subscriptions/plans";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Plan" };

export default async function PlanPage({ params }: { params: Promise<{ planId: string }> }) {
  const { planId } = await params;
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const plan = await findOrNotFound(planId, (id) => getPlan(scope, id));
  const metrics = await subscriptionMetrics(scope, plan.id);
  const url = subscribeUrl(config().appUrl, plan.id);
  const trial = trialLabel(plan.trialDays);

  return (
    <>
      <BackLink href={PLANS_PATH}>Plans</BackLink>

      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
            <span className="break-words">{plan.name}</span>
            <PlanStatusBadge active={plan.active} />
          </h1>
          <p className="mt-1 text-lg tabular-nums text-muted-foreground">
            {planPriceLabel(plan)}
            {trial ? ` · ${trial}` : ""}
          </p>
        </div>
        {roleCan(role, "plans:write") ? <PlanActions merchantId={merchant.id} planId={plan.id} active={plan.active} /> : null}
      </div>

      {!plan.active ? (
        <Alert variant="info" title="Not taking new subscribers" className="mb-6">
          This plan is turned off: its page tells customers it is not available. Current subscribers keep renewing until they or you cancel.
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 self-start lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Share</CardTitle>
              <CardDescription>
                Customers subscribe on this page: they pay the first period by card, and their card is charged each period after.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="flex min-w-0 items-center gap-1 rounded-lg border bg-muted/50 py-1 pl-3 pr-1">
                <span data-testid="share-url" className="min-w-0 flex-1 break-all font-mono text-sm">
                  {url}
                </span>
                <CopyButton value={url} label="subscribe link" />
              </div>
              <div className="flex flex-wrap gap-2">
                <ShareActions url={url} title={plan.name} className="contents" />
                <Button asChild variant="outline" size="sm">
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Open subscribe page
                  </a>
                </Button>
              </div>
            </CardContent>
          </Card>

          <section aria-labelledby="plan-stats" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <h2 id="plan-stats" className="sr-only">
              Subscribers
            </h2>
            <Stat label="Active" value={String(metrics.activeSubscribers)} />
            <Stat label="In trial" value={String(metrics.trialing)} />
            <Stat label="Past due" value={String(metrics.pastDue)} />
            <Stat label="Monthly revenue" value={formatNaira(Number(metrics.monthlyRecurringRevenue))} />
          </section>
          <p className="-mt-3 text-sm">
            <IntentLink
              href={listHref(SUBSCRIPTIONS_PATH, { planId: plan.id })}
              className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              See this plan&apos;s subscriptions
            </IntentLink>
          </p>
        </div>

        <div className="grid gap-6 self-start">
          <QrCodeCard url={url} fileName={`paylink-plan-${plan.id.slice(0, 8)}`} description="Print it on a flyer or a counter: customers scan to subscribe." />

          <Card>
            <CardHeader>
              <CardTitle as="h2">Settings</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <Row label="Billed">{INTERVAL_OPTIONS.find((o) => o.value === plan.interval)?.label}</Row>
                <Row label="Price">{formatNaira(Number(plan.amount))}</Row>
                <Row label="Free trial">{trial ?? "None"}</Row>
                {plan.description ? <Row label="Description">{plan.description}</Row> : null}
                <Row label="Created">
                  <LagosTime value={plan.createdAt} />
                </Row>
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-3 shadow-card sm:p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
      <FitText text={value} max="1.25rem" className="mt-1 font-semibold" />
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
