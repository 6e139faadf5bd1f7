import type { Metadata } from "next";

import { first, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { ResourceList } from "@/components/dashboard/resource-list";
import { createButton, loadStatusList, onOffTabs } from "@/components/dashboard/status-list";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import { PLANS_PATH } from "@/components/plans/plan-display";
import { PLAN_LIST } from "@/components/plans/plan-list";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { listPlans } from "@/lib/subscriptions/plans";
import { planListQuery } from "@/lib/subscriptions/schemas";

export const metadata: Metadata = { title: "Plans" };

export default async function PlansPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  const { status, page, cursor, cursorExpired, paging } = await loadStatusList({
    path: PLANS_PATH,
    schema: planListQuery,
    status: first(raw.status),
    cursor: first(raw.cursor),
    list: (query) => listPlans(scope, query),
  });
  const create = createButton(roleCan(role, "plans:write"), `${PLANS_PATH}/new`, "Create plan");

  return (
    <>
      <PageHeader
        title="Plans"
        description="Bill customers every week, month or year on their saved card. Each plan has its own page where customers subscribe."
        actions={page.data.length > 0 || status || cursor ? create : undefined}
      />
      <StatusTabs label="Filter plans" tabs={onOffTabs(PLANS_PATH, status, "Turned off")} />
      <ResourceList list={PLAN_LIST} rows={page.data} filter={status} action={create} cursorExpired={cursorExpired} paging={paging} />
    </>
  );
}
