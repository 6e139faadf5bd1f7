import type { Metadata } from "next";

import { DetailPage, DetailHeading, SettingsCard, ShareCard, StatTiles } from "@/components/dashboard/detail-parts";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { listHref } from "@/components/dashboard/list-params";
import { QrCodeCard } from "@/components/dashboard/qr-code-card";
import { PLANS_PATH, PlanStatusBadge, planPriceLabel, subscribeUrl, trialLabel } from "@/components/plans/plan-display";
import { PlanActions } from "@/components/plans/plan-actions";
import { SUBSCRIPTIONS_PATH } from "@/components/subscriptions/subscription-display";
import { LagosTime } from "@/components/transactions/transaction-display";
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
    <DetailPage
      back={{ href: PLANS_PATH, label: "Plans" }}
      heading={
        <DetailHeading
          title={plan.name}
          badge={<PlanStatusBadge active={plan.active} />}
          subtitle={`${planPriceLabel(plan)}${trial ? ` · ${trial}` : ""}`}
          actions={roleCan(role, "plans:write") ? <PlanActions merchantId={merchant.id} planId={plan.id} active={plan.active} /> : null}
        />
      }
      notices={[
        plan.active
          ? null
          : {
              variant: "info",
              title: "Not taking new subscribers",
              body: "This plan is turned off: its page tells customers it is not available. Current subscribers keep renewing until they or you cancel.",
            },
      ]}
      main={
        <>
          <ShareCard
            url={url}
            title={plan.name}
            description="Customers subscribe on this page: they pay the first period by card, and their card is charged each period after."
            copyLabel="subscribe link"
            openLabel="Open subscribe page"
          />

          <StatTiles
            id="plan-stats"
            heading="Subscribers"
            className="grid-cols-2 sm:grid-cols-4"
            stats={[
              ["Active", String(metrics.activeSubscribers)],
              ["In trial", String(metrics.trialing)],
              ["Past due", String(metrics.pastDue)],
              ["Monthly revenue", formatNaira(Number(metrics.monthlyRecurringRevenue))],
            ]}
          />
          <p className="-mt-3 text-sm">
            <IntentLink
              href={listHref(SUBSCRIPTIONS_PATH, { planId: plan.id })}
              className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              See this plan&apos;s subscriptions
            </IntentLink>
          </p>
        </>
      }
      side={
        <>
          <QrCodeCard url={url} fileName={`paylink-plan-${plan.id.slice(0, 8)}`} description="Print it on a flyer or a counter: customers scan to subscribe." />

          <SettingsCard
            rows={[
              ["Billed", INTERVAL_OPTIONS.find((o) => o.value === plan.interval)?.label],
              ["Price", formatNaira(Number(plan.amount))],
              ["Free trial", trial ?? "None"],
              plan.description ? ["Description", plan.description] : null,
              ["Created", <LagosTime key="created" value={plan.createdAt} />],
            ]}
          />
        </>
      }
    />
  );
}
