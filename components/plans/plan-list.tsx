import { Repeat } from "lucide-react";

import type { ListDefinition } from "@/components/dashboard/resource-list";
import { CardTop, nameColumn } from "@/components/dashboard/row-list";
import { PLANS_PATH, PlanStatusBadge, planPriceLabel, trialLabel } from "@/components/plans/plan-display";
import { LagosTime } from "@/components/transactions/transaction-display";
import type { toPlanResponse } from "@/lib/subscriptions/serializers";

type PlanRow = ReturnType<typeof toPlanResponse>;

/** The plans list; its page filters it by status (the Active and Turned off tabs). */
export const PLAN_LIST: ListDefinition<PlanRow, "active" | "inactive"> = {
  path: PLANS_PATH,
  noun: ["plan", "plans"],
  columns: [
    nameColumn(
      "Plan",
      (plan) => plan.name,
      (plan) => (plan.description ? <span className="block truncate text-xs text-muted-foreground">{plan.description}</span> : null),
    ),
    { header: "Price", numeric: true, cell: (plan) => planPriceLabel(plan) },
    { header: "Trial", className: "text-muted-foreground", cell: (plan) => trialLabel(plan.trialDays) ?? "None" },
    { header: "Status", cell: (plan) => <PlanStatusBadge active={plan.active} /> },
    { header: "Created", className: "text-muted-foreground", cell: (plan) => <LagosTime value={plan.createdAt} /> },
  ],
  card: (plan) => (
    <>
      <CardTop>
        <span className="truncate font-medium">{plan.name}</span>
        <PlanStatusBadge active={plan.active} />
      </CardTop>
      <span className="text-sm tabular-nums">{planPriceLabel(plan)}</span>
      <span className="text-xs text-muted-foreground">
        {trialLabel(plan.trialDays) ?? "No trial"} · <LagosTime value={plan.createdAt} />
      </span>
    </>
  ),
  empty: {
    icon: <Repeat />,
    title: "No plans yet",
    description:
      "A plan bills customers every week, month or year on their saved card: school fees, gym memberships, software, dues. Share its page and customers subscribe themselves.",
  },
  filtered: (status) => ({ title: `No ${status} plans`, clearLabel: "Show all plans" }),
};
