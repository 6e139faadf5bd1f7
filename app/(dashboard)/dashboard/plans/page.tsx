import type { Metadata } from "next";
import Link from "next/link";
import { Plus } from "lucide-react";

import { cursorPaging, first, listHref, loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import { PLANS_PATH } from "@/components/plans/plan-display";
import { PlanList } from "@/components/plans/plan-list";
import { Button } from "@/components/ui/button";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { listPlans } from "@/lib/subscriptions/plans";
import { planListQuery } from "@/lib/subscriptions/schemas";

export const metadata: Metadata = { title: "Plans" };

export default async function PlansPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  // An unknown status in a hand-edited URL shows all plans rather than an error.
  const parsed = planListQuery.safeParse({ status: first(raw.status) });
  const status = parsed.success ? parsed.data.status : undefined;
  const { page, cursor, cursorExpired } = await loadWithCursor(first(raw.cursor), (cursor) => listPlans(scope, { status, cursor, limit: 25 }));

  const createButton = roleCan(role, "plans:write") ? (
    <Button asChild>
      <Link href={`${PLANS_PATH}/new`}>
        <Plus aria-hidden="true" />
        Create plan
      </Link>
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader
        title="Plans"
        description="Bill customers every week, month or year on their saved card. Each plan has its own page where customers subscribe."
        actions={page.data.length > 0 || status || cursor ? createButton : undefined}
      />
      <StatusTabs
        label="Filter plans"
        tabs={[
          { label: "All", href: PLANS_PATH, current: !status },
          { label: "Active", href: listHref(PLANS_PATH, { status: "active" }), current: status === "active" },
          { label: "Turned off", href: listHref(PLANS_PATH, { status: "inactive" }), current: status === "inactive" },
        ]}
      />
      <PlanList
        plans={page.data}
        status={status}
        cursorExpired={cursorExpired}
        createButton={createButton}
        paging={cursorPaging((cursor) => listHref(PLANS_PATH, { status, cursor }), cursor, page.nextCursor)}
      />
    </>
  );
}
