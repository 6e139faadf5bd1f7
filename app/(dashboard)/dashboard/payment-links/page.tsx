import type { Metadata } from "next";

import type { SearchParams } from "@/components/dashboard/list-params";
import { OnOffListPage } from "@/components/dashboard/on-off-list-page";
import { LINK_LIST } from "@/components/payment-links/link-list";
import { linkListQuery } from "@/lib/links/schemas";
import { listLinks } from "@/lib/links/service";

export const metadata: Metadata = { title: "Payment links" };

export default function PaymentLinksPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <OnOffListPage
      searchParams={searchParams}
      list={LINK_LIST}
      schema={linkListQuery}
      load={listLinks}
      permission="links:write"
      title="Payment links"
      description="Shareable links that let customers pay you, no website needed."
      createLabel="Create payment link"
      tabs={{ label: "Filter payment links", offLabel: "Inactive" }}
    />
  );
}
