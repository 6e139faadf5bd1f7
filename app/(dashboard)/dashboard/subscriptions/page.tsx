import type { Metadata } from "next";

import { cursorPaging, first, listHref, loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { ListAction, ResourceList } from "@/components/dashboard/resource-list";
import { SUBSCRIPTIONS_PATH } from "@/components/subscriptions/subscription-display";
import { SubscriptionFilters } from "@/components/subscriptions/subscription-filters";
import { SUBSCRIPTION_LIST } from "@/components/subscriptions/subscription-list";
import { getDashboardContext } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listSubscriptionRows } from "@/lib/subscriptions/queries";
import { subscriptionListQuery, type SubscriptionListQuery } from "@/lib/subscriptions/schemas";

export const metadata: Metadata = { title: "Subscriptions" };

const PAGE_SIZE = 25;
/** The plan filter lists this many (newest first); a merchant with more filters by link from a plan's page. */
const PLANS_IN_FILTER = 200;

export default async function SubscriptionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  const given = { status: first(raw.status), planId: first(raw.planId), email: first(raw.email) };
  // A hand-edited URL with an unusable filter should not break the page: drop that filter and say so.
  const ignored: string[] = [];
  const filters: Pick<SubscriptionListQuery, "status" | "planId" | "email"> = {};
  for (const key of ["status", "planId", "email"] as const) {
    const parsed = subscriptionListQuery.shape[key].safeParse(given[key]);
    if (parsed.success) Object.assign(filters, { [key]: parsed.data });
    else ignored.push(parsed.error.issues[0]?.message ?? `The ${key} filter in this link was ignored`);
  }
  const [{ page, cursor, cursorExpired }, plans] = await Promise.all([
    loadWithCursor(first(raw.cursor), (cursor) => listSubscriptionRows(scope, { ...filters, cursor, limit: PAGE_SIZE })),
    db.plan.findMany({ where: scope, select: { id: true, name: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: PLANS_IN_FILTER }),
  ]);

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description={
          merchant.environment === "test"
            ? "Test customers billed each period on a saved test card, newest first."
            : "Customers billed each period on their saved card, newest first."
        }
      />
      <SubscriptionFilters values={filters} plans={plans} />
      <ResourceList
        list={SUBSCRIPTION_LIST}
        rows={page.data}
        filter={Boolean(filters.status || filters.planId || filters.email)}
        action={<ListAction href="/dashboard/plans">Go to plans</ListAction>}
        ignored={ignored}
        cursorExpired={cursorExpired}
        paging={cursorPaging((cursor) => listHref(SUBSCRIPTIONS_PATH, { ...filters, cursor }), cursor, page.nextCursor)}
      />
    </>
  );
}
