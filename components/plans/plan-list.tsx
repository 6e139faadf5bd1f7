import type * as React from "react";
import { Repeat } from "lucide-react";

import { ResourceList, type CursorPaging } from "@/components/dashboard/resource-list";
import { CardTop, RowLink, type Column } from "@/components/dashboard/row-list";
import { PLANS_PATH, PlanStatusBadge, planPriceLabel, trialLabel } from "@/components/plans/plan-display";
import { LagosTime } from "@/components/transactions/transaction-display";
import type { toPlanResponse } from "@/lib/subscriptions/serializers";

type PlanRow = ReturnType<typeof toPlanResponse>;
const detailHref = (plan: PlanRow) => `${PLANS_PATH}/${plan.id}`;

const COLUMNS: Column<PlanRow>[] = [
  {
    header: "Plan",
    className: "max-w-72 whitespace-normal",
    cell: (plan) => (
      <>
        <RowLink href={detailHref(plan)}>{plan.name}</RowLink>
        {plan.description ? <span className="block truncate text-xs text-muted-foreground">{plan.description}</span> : null}
      </>
    ),
  },
  { header: "Price", numeric: true, cell: (plan) => planPriceLabel(plan) },
  { header: "Trial", className: "text-muted-foreground", cell: (plan) => trialLabel(plan.trialDays) ?? "None" },
  { header: "Status", cell: (plan) => <PlanStatusBadge active={plan.active} /> },
  { header: "Created", className: "text-muted-foreground", cell: (plan) => <LagosTime value={plan.createdAt} /> },
];

function PlanCard({ plan }: { plan: PlanRow }) {
  return (
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
  );
}

export interface PlanListProps {
  plans: PlanRow[];
  status: "active" | "inactive" | undefined;
  cursorExpired: boolean;
  paging: CursorPaging;
  /** "Create plan", for those who may create one. */
  createButton: React.ReactNode;
}

export function PlanList({ plans, status, cursorExpired, paging, createButton }: PlanListProps) {
  return (
    <ResourceList
      labelId="plans-results"
      label="Plans"
      rows={plans}
      columns={COLUMNS}
      rowHref={detailHref}
      card={(plan) => <PlanCard plan={plan} />}
      cursorExpired={cursorExpired}
      paging={{ ...paging, noun: ["plan", "plans"] }}
      empty={{
        icon: <Repeat />,
        filtered: status ? { title: `No ${status} plans`, clearLabel: "Show all plans", clearHref: PLANS_PATH } : undefined,
        title: "No plans yet",
        description:
          "A plan bills customers every week, month or year on their saved card: school fees, gym memberships, software, dues. Share its page and customers subscribe themselves.",
        action: createButton,
      }}
    />
  );
}
