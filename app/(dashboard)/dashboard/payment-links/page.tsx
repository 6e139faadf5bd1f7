import type { Metadata } from "next";
import Link from "next/link";
import { Plus } from "lucide-react";

import { cursorPaging, first, listHref, loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import { LINKS_PATH, LinkList } from "@/components/payment-links/link-list";
import { Button } from "@/components/ui/button";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { linkListQuery } from "@/lib/links/schemas";
import { listLinks } from "@/lib/links/service";

export const metadata: Metadata = { title: "Payment links" };

export default async function PaymentLinksPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  // An unknown status in a hand-edited URL shows all links rather than an error.
  const parsed = linkListQuery.safeParse({ status: first(raw.status) });
  const status = parsed.success ? parsed.data.status : undefined;
  const { page, cursor, cursorExpired } = await loadWithCursor(first(raw.cursor), (cursor) => listLinks(scope, { status, cursor, limit: 25 }));

  const createButton = roleCan(role, "links:write") ? (
    <Button asChild>
      <Link href={`${LINKS_PATH}/new`}>
        <Plus aria-hidden="true" />
        Create payment link
      </Link>
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader
        title="Payment links"
        description="Shareable links that let customers pay you, no website needed."
        actions={page.data.length > 0 || status || cursor ? createButton : undefined}
      />
      <StatusTabs
        label="Filter payment links"
        tabs={[
          { label: "All", href: LINKS_PATH, current: !status },
          { label: "Active", href: listHref(LINKS_PATH, { status: "active" }), current: status === "active" },
          { label: "Inactive", href: listHref(LINKS_PATH, { status: "inactive" }), current: status === "inactive" },
        ]}
      />
      <LinkList
        links={page.data}
        status={status}
        cursorExpired={cursorExpired}
        createButton={createButton}
        paging={cursorPaging((cursor) => listHref(LINKS_PATH, { status, cursor }), cursor, page.nextCursor)}
      />
    </>
  );
}
