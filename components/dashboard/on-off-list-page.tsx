import { first, listHref, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { ResourceList, type ListDefinition } from "@/components/dashboard/resource-list";
import { createButton, loadStatusList } from "@/components/dashboard/status-list";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import type { MerchantScope } from "@/lib/auth/access";
import { roleCan, type Permission } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import type { z } from "@/lib/zod";

type OnOff = "active" | "inactive";

export interface OnOffListPageProps<T extends { id: string }> {
  searchParams: SearchParams;
  list: ListDefinition<T, OnOff>;
  /** The list's query schema; only its status is read. */
  schema: z.ZodType<{ status?: OnOff }>;
  load: (
    scope: MerchantScope,
    query: { status: OnOff | undefined; cursor: string | undefined; limit: number },
  ) => Promise<{ data: T[]; nextCursor: string | null }>;
  /** Who may create one: they get the "Create …" button. */
  permission: Permission;
  title: string;
  description: string;
  createLabel: string;
  /** The tabs' accessible name, and the name of the tab for records turned off. */
  tabs: { label: string; offLabel: string };
}

/**
 * The list page of records that are on or off (payment links, plans): All / Active / off tabs, and a
 * "Create …" button in the header once there is something to list (the empty state has its own).
 */
export async function OnOffListPage<T extends { id: string }>({
  searchParams,
  list,
  schema,
  load,
  permission,
  title,
  description,
  createLabel,
  tabs,
}: OnOffListPageProps<T>) {
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  const { status, page, cursor, cursorExpired, paging } = await loadStatusList({
    path: list.path,
    schema,
    status: first(raw.status),
    cursor: first(raw.cursor),
    list: (query) => load(scope, query),
  });
  const create = createButton(roleCan(role, permission), `${list.path}/new`, createLabel);

  return (
    <>
      <PageHeader title={title} description={description} actions={page.data.length > 0 || status || cursor ? create : undefined} />
      <StatusTabs label={tabs.label} tabs={onOffTabs(list.path, status, tabs.offLabel)} />
      <ResourceList list={list} rows={page.data} filter={status} action={create} cursorExpired={cursorExpired} paging={paging} />
    </>
  );
}

/** All, Active and (`offLabel`) inactive. */
function onOffTabs(path: string, status: OnOff | undefined, offLabel: string) {
  return [
    { label: "All", href: path, current: !status },
    { label: "Active", href: listHref(path, { status: "active" }), current: status === "active" },
    { label: offLabel, href: listHref(path, { status: "inactive" }), current: status === "inactive" },
  ];
}
