import type { Metadata } from "next";

import { first, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { ResourceList } from "@/components/dashboard/resource-list";
import { createButton, loadStatusList, onOffTabs } from "@/components/dashboard/status-list";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import { LINKS_PATH, LINK_LIST } from "@/components/payment-links/link-list";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { linkListQuery } from "@/lib/links/schemas";
import { listLinks } from "@/lib/links/service";

export const metadata: Metadata = { title: "Payment links" };

export default async function PaymentLinksPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  const { status, page, cursor, cursorExpired, paging } = await loadStatusList({
    path: LINKS_PATH,
    schema: linkListQuery,
    status: first(raw.status),
    cursor: first(raw.cursor),
    list: (query) => listLinks(scope, query),
  });
  const create = createButton(roleCan(role, "links:write"), `${LINKS_PATH}/new`, "Create payment link");

  return (
    <>
      <PageHeader
        title="Payment links"
        description="Shareable links that let customers pay you, no website needed."
        actions={page.data.length > 0 || status || cursor ? create : undefined}
      />
      <StatusTabs label="Filter payment links" tabs={onOffTabs(LINKS_PATH, status, "Inactive")} />
      <ResourceList list={LINK_LIST} rows={page.data} filter={status} action={create} cursorExpired={cursorExpired} paging={paging} />
    </>
  );
}
