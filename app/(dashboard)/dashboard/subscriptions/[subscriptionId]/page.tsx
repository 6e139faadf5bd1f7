import type { Metadata } from "next";
import Link from "next/link";

import { DetailPage, DetailHeading } from "@/components/dashboard/detail-parts";
import { CopyableId, DetailField } from "@/components/dashboard/detail-field";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { LagosDay } from "@/components/customers/customer-display";
import { planPriceLabel } from "@/components/plans/plan-display";
import { CancelSubscription } from "@/components/subscriptions/cancel-subscription";
import { ChargeTimeline } from "@/components/subscriptions/charge-timeline";
import {
  STATUS_NOTE,
  SUBSCRIPTIONS_PATH,
  SubscriptionStatusBadge,
  cardLabel,
  type SubscriptionStatusName,
} from "@/components/subscriptions/subscription-display";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { formatLagosDate } from "@/lib/lagos-time";
import { getSubscriptionDetail } from "@/lib/subscriptions/detail";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Subscription" };

const linkClass = "font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export default async function SubscriptionPage({ params }: { params: Promise<{ subscriptionId: string }> }) {
  const { subscriptionId } = await params;
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const { subscription: s, plan, charges, totalCharges } = await findOrNotFound(subscriptionId, (id) => getSubscriptionDetail(scope, id));
  const status = s.status as SubscriptionStatusName;
  const customer = s.customer.name ?? s.customer.email;
  const running = status !== "canceled";
  // Only a paid (or trial) period can be run out; a past-due or unpaid one ends now.
  const periodEnd = status === "active" || status === "trialing" ? formatLagosDate(s.currentPeriodEnd) : null;

  return (
    <DetailPage
      back={{ href: SUBSCRIPTIONS_PATH, label: "Subscriptions" }}
      heading={
        <DetailHeading
          eyebrow={s.environment === "test" ? "Test subscription" : "Subscription"}
          title={customer}
          badge={<SubscriptionStatusBadge status={status} />}
          subtitle={`${plan.name} · ${planPriceLabel(s)}`}
          actions={
            running && roleCan(role, "subscriptions:write") ? (
              <div className="shrink-0">
                <CancelSubscription
                  merchantId={merchant.id}
                  subscriptionId={s.id}
                  customer={customer}
                  periodEndLabel={periodEnd}
                  endsAtPeriodEnd={s.cancelAtPeriodEnd}
                />
              </div>
            ) : null
          }
        />
      }
      notices={[
        running && s.cancelAtPeriodEnd
          ? { variant: "info", title: "Ends with its period", body: `It ends on ${formatLagosDate(s.currentPeriodEnd)} and will not be charged again.` }
          : status === "past_due" || status === "unpaid"
            ? { variant: status === "unpaid" ? "error" : "warning", title: status === "unpaid" ? "Unpaid" : "Payment failed", body: STATUS_NOTE[status] }
            : null,
      ]}
      main={
        <Card>
          <CardHeader>
            <CardTitle as="h2">Charges and retries</CardTitle>
            <CardDescription>
              Every payment for this subscription, newest first, with each try at the processor. Times are in Lagos (WAT).
              {totalCharges > charges.length ? ` Showing the latest ${charges.length} of ${totalCharges}.` : ""}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ChargeTimeline charges={charges} />
          </CardContent>
        </Card>
      }
      side={
        <Card>
          <CardHeader>
            <CardTitle as="h2">Details</CardTitle>
            <CardDescription>{STATUS_NOTE[status]}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4">
              <DetailField label="Customer">
                <Link href={`/dashboard/customers/${s.customer.id}`} className={cn("block break-all", linkClass)}>
                  {s.customer.email}
                </Link>
                {s.customer.name ? <span className="block text-muted-foreground">{s.customer.name}</span> : null}
              </DetailField>
              <DetailField label="Plan">
                <Link href={`/dashboard/plans/${plan.id}`} className={linkClass}>
                  {plan.name}
                </Link>
                {BigInt(plan.amount) !== s.amount ? (
                  <span className="block text-muted-foreground">
                    The plan now costs {planPriceLabel(plan)}; this subscription keeps the price it started with.
                  </span>
                ) : null}
              </DetailField>
              <DetailField label={status === "trialing" ? "Trial" : "Current period"}>
                <LagosDay value={s.currentPeriodStart} /> – <LagosDay value={s.currentPeriodEnd} />
              </DetailField>
              <DetailField label="Next charge">
                {s.nextChargeAt && running && !s.cancelAtPeriodEnd ? <LagosTime value={s.nextChargeAt} /> : <span className="text-muted-foreground">None</span>}
              </DetailField>
              <DetailField label="Card">{cardLabel({ brand: s.cardBrand, last4: s.cardLast4, expMonth: s.cardExpMonth, expYear: s.cardExpYear })}</DetailField>
              <DetailField label="Started">
                <LagosTime value={s.createdAt} />
              </DetailField>
              {s.canceledAt ? (
                <DetailField label="Canceled">
                  <LagosTime value={s.canceledAt} />
                </DetailField>
              ) : null}
              <DetailField label="Subscription ID">
                <CopyableId value={s.id} label="subscription ID" />
              </DetailField>
            </dl>
          </CardContent>
        </Card>
      }
    />
  );
}
