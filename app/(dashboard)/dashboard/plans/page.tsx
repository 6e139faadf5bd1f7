import type { Metadata } from "next";

import type { SearchParams } from "@/components/dashboard/list-params";
import { OnOffListPage } from "@/components/dashboard/on-off-list-page";
import { PLAN_LIST } from "@/components/plans/plan-list";
import { listPlans } from "@/lib/subscriptions/plans";
import { planListQuery } from "@/lib/subscriptions/schemas";

export const metadata: Metadata = { title: "Plans" };

export default function PlansPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <OnOffListPage
      searchParams={searchParams}
      list={PLAN_LIST}
      schema={planListQuery}
      load={listPlans}
      permission="plans:write"
      title="Plans"
      description="Bill customers every week, month or year on their saved card. Each plan has its own page where customers subscribe."
      createLabel="Create plan"
      tabs={{ label: "Filter plans", offLabel: "Turned off" }}
    />
  );
}
