import { RefreshCw, SearchX } from "lucide-react";

import type { ListDefinition } from "@/components/dashboard/resource-list";
import { CardTop, nameColumn } from "@/components/dashboard/row-list";
import { LagosDay } from "@/components/customers/customer-display";
import { planPriceLabel } from "@/components/plans/plan-display";
import { SUBSCRIPTIONS_PATH, SubscriptionStatusBadge } from "@/components/subscriptions/subscription-display";
import type { SubscriptionRow } from "@/lib/subscriptions/queries";

/** The next charge, or why there is none. */
function NextCharge({ s }: { s: SubscriptionRow }) {
  if (s.status === "canceled") return <span className="text-muted-foreground">Ended</span>;
  if (s.cancelAtPeriodEnd) return <span className="text-muted-foreground">Ends {<LagosDay value={s.currentPeriodEnd} />}</span>;
  return <LagosDay value={s.nextChargeAt} />;
}

/** The subscriptions list; its page filters it by status, plan and e-mail. */
export const SUBSCRIPTION_LIST: ListDefinition<SubscriptionRow> = {
  path: SUBSCRIPTIONS_PATH,
  noun: ["subscription", "subscriptions"],
  tableFrom: "xl",
  columns: [
    nameColumn(
      "Customer",
      (s) => s.customer.name ?? s.customer.email,
      (s) => (s.customer.name ? <span className="block truncate text-xs text-muted-foreground">{s.customer.email}</span> : null),
      { width: "max-w-64", truncate: true },
    ),
    { header: "Plan", className: "max-w-48 truncate", cell: (s) => s.planName },
    { header: "Price", numeric: true, cell: (s) => planPriceLabel(s) },
    { header: "Status", cell: (s) => <SubscriptionStatusBadge status={s.status} /> },
    { header: "Next charge", className: "text-muted-foreground tabular-nums", cell: (s) => <NextCharge s={s} /> },
    { header: "Started", className: "text-muted-foreground tabular-nums", cell: (s) => <LagosDay value={s.createdAt} /> },
  ],
  card: (s) => (
    <>
      <CardTop>
        <span className="min-w-0 truncate font-medium">{s.customer.name ?? s.customer.email}</span>
        <SubscriptionStatusBadge status={s.status} />
      </CardTop>
      <span className="truncate text-sm">
        {s.planName} · <span className="tabular-nums">{planPriceLabel(s)}</span>
      </span>
      <span className="text-xs text-muted-foreground">
        Next charge: <NextCharge s={s} />
      </span>
    </>
  ),
  empty: {
    icon: <RefreshCw />,
    title: "No subscriptions yet",
    description: "When a customer subscribes on a plan's page (or through the API), their subscription shows up here with each charge.",
  },
  filtered: () => ({
    icon: <SearchX />,
    title: "No subscriptions match these filters",
    description: "The e-mail filter matches part of an address. Try fewer letters, or another status or plan.",
    clearLabel: "Clear filters",
  }),
};
