import type { Metadata } from "next";
import Link from "next/link";
import { ChevronRight, Link2, Plus } from "lucide-react";

import { CursorPagination } from "@/components/dashboard/cursor-pagination";
import { PageHeader } from "@/components/dashboard/page-header";
import { StatusTabs } from "@/components/dashboard/status-tabs";
import { LinkStatusBadge, linkAmountLabel } from "@/components/payment-links/link-display";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError } from "@/lib/api/errors";
import { roleCan } from "@/lib/auth/role-can";
import { getDashboardContext } from "@/lib/auth/session";
import { linkListQuery } from "@/lib/links/schemas";
import type { LinkResponse } from "@/lib/links/serializers";
import { availabilityOf, listLinks } from "@/lib/links/service";

export const metadata: Metadata = { title: "Payment links" };

const BASE_PATH = "/dashboard/payment-links";
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type Status = "active" | "inactive" | undefined;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

function href(status: Status, cursor?: string): string {
  const search = new URLSearchParams();
  if (status) search.set("status", status);
  if (cursor) search.set("cursor", cursor);
  const text = search.toString();
  return text ? `${BASE_PATH}?${text}` : BASE_PATH;
}

async function loadPage(scope: { merchantId: string; environment: "test" | "live" }, status: Status, cursor: string | undefined) {
  try {
    return await listLinks(scope, { status, cursor, limit: 25 });
  } catch (error) {
    // A mangled "Older" link: start again from the newest.
    if (error instanceof ApiError && error.status === 400 && cursor) return listLinks(scope, { status, limit: 25 });
    throw error;
  }
}

export default async function PaymentLinksPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant, role } = await getDashboardContext();
  const canWrite = roleCan(role, "links:write");
  const raw = await searchParams;
  // An unknown status in a hand-edited URL shows all links rather than an error.
  const parsed = linkListQuery.safeParse({ status: first(raw.status) });
  const status: Status = parsed.success ? parsed.data.status : undefined;
  const cursor = first(raw.cursor);
  const page = await loadPage({ merchantId: merchant.id, environment: merchant.environment }, status, cursor);

  const createButton = canWrite ? (
    <Button asChild>
      <Link href={`${BASE_PATH}/new`}>
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
          { label: "All", href: href(undefined), current: !status },
          { label: "Active", href: href("active"), current: status === "active" },
          { label: "Inactive", href: href("inactive"), current: status === "inactive" },
        ]}
      />

      {page.data.length === 0 ? (
        cursor ? (
          <EmptyState icon={<Link2 />} title="No older payment links" description="You've reached the end of the list." action={<Button asChild variant="outline"><Link href={href(status)}>Back to newest</Link></Button>} />
        ) : status ? (
          <EmptyState icon={<Link2 />} title={`No ${status} payment links`} action={<Button asChild variant="outline"><Link href={BASE_PATH}>Show all links</Link></Button>} />
        ) : (
          <EmptyState
            icon={<Link2 />}
            title="No payment links yet"
            description="Create a link for a product, service or donation and share it anywhere: WhatsApp, Instagram, a printed QR code."
            action={createButton}
          />
        )
      ) : (
        <section aria-labelledby="links-results" className="rounded-xl border bg-card shadow-card">
          <h2 id="links-results" className="sr-only">
            Payment links
          </h2>
          <LinkTable links={page.data} />
          <LinkCards links={page.data} />
          <CursorPagination
            count={page.data.length}
            noun={["payment link", "payment links"]}
            onLaterPage={Boolean(cursor)}
            firstPageHref={href(status)}
            nextPageHref={page.nextCursor ? href(status, page.nextCursor) : null}
            olderLabel="Older links"
          />
        </section>
      )}
    </>
  );
}

const detailHref = (link: LinkResponse) => `${BASE_PATH}/${link.id}`;

function LinkTable({ links }: { links: LinkResponse[] }) {
  return (
    <Table containerClassName="hidden lg:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Title</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Visits</TableHead>
          <TableHead className="text-right">Payments</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {links.map((link) => (
          <TableRow key={link.id}>
            <TableCell className="max-w-72 whitespace-normal">
              <Link
                href={detailHref(link)}
                className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {link.title}
              </Link>
              <span className="block truncate font-mono text-xs text-muted-foreground">/pay/{link.slug}</span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{linkAmountLabel(link.amount)}</TableCell>
            <TableCell>
              <LinkStatusBadge availability={availabilityOf(link)} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{link.visitCount}</TableCell>
            <TableCell className="text-right tabular-nums">
              {link.completedPayments}
              {link.maxPayments !== null ? <span className="text-muted-foreground"> / {link.maxPayments}</span> : null}
            </TableCell>
            <TableCell className="text-muted-foreground">
              <LagosTime value={link.createdAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones and tablets: one tappable card per link. */
function LinkCards({ links }: { links: LinkResponse[] }) {
  return (
    <ul className="divide-y lg:hidden">
      {links.map((link) => (
        <li key={link.id}>
          <Link href={detailHref(link)} className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none">
            <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="truncate font-medium">{link.title}</span>
                <LinkStatusBadge availability={availabilityOf(link)} />
              </div>
              <span className="text-sm tabular-nums">{linkAmountLabel(link.amount)}</span>
              <span className="text-xs text-muted-foreground">
                {link.visitCount} {link.visitCount === 1 ? "visit" : "visits"} · {link.completedPayments} {link.completedPayments === 1 ? "payment" : "payments"} ·{" "}
                <LagosTime value={link.createdAt} />
              </span>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
