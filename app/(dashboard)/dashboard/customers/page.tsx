import type { Metadata } from "next";

import { CUSTOMERS_PATH, CustomerList } from "@/components/customers/customer-list";
import { CustomerSearch } from "@/components/customers/customer-search";
import { cursorPaging, first, listHref, loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { getDashboardContext } from "@/lib/auth/session";
import { listCustomers } from "@/lib/customers/queries";
import { customerListQuery } from "@/lib/customers/schemas";

export const metadata: Metadata = { title: "Customers" };

const PAGE_SIZE = 25;

export default async function CustomersPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  // A hand-edited URL with an unusable search should not break the page: drop it and say so.
  const parsed = customerListQuery.safeParse({ search: first(raw.search), cursor: first(raw.cursor), limit: PAGE_SIZE });
  const ignored = parsed.success ? [] : [parsed.error.issues[0]?.message ?? "The search in this link was ignored"];
  const search = parsed.success ? parsed.data.search : undefined;
  const { page, cursor, cursorExpired } = await loadWithCursor(parsed.success ? parsed.data.cursor : undefined, (cursor) =>
    listCustomers(scope, { search, cursor, limit: PAGE_SIZE }),
  );

  return (
    <>
      <PageHeader
        title="Customers"
        description={
          merchant.environment === "test"
            ? "Everyone who completed a test payment, by e-mail address, who paid most recently first."
            : "Everyone who has paid you, by e-mail address, with what they paid and when. Most recent first."
        }
      />
      <CustomerSearch basePath={CUSTOMERS_PATH} search={search} />
      <CustomerList
        customers={page.data}
        search={search}
        ignored={ignored}
        cursorExpired={cursorExpired}
        paging={cursorPaging((cursor) => listHref(CUSTOMERS_PATH, { search, cursor }), cursor, page.nextCursor)}
      />
    </>
  );
}
