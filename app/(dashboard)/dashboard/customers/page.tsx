import type { Metadata } from "next";
import Link from "next/link";
import { ChevronRight, Search, SearchX, UserRound } from "lucide-react";

import { LagosDay, paymentCountLabel } from "@/components/customers/customer-display";
import { CursorPagination } from "@/components/dashboard/cursor-pagination";
import { PageHeader } from "@/components/dashboard/page-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError } from "@/lib/api/errors";
import { getDashboardContext } from "@/lib/auth/session";
import { listCustomers, type CustomerListPage } from "@/lib/customers/queries";
import { customerListQuery } from "@/lib/customers/schemas";
import type { CustomerResponse } from "@/lib/customers/serializers";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Customers" };

const BASE_PATH = "/dashboard/customers";
const PAGE_SIZE = 25;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

function hrefWith(search: string | undefined, cursor?: string): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `${BASE_PATH}?${text}` : BASE_PATH;
}

export default async function CustomersPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const raw = await searchParams;
  // A hand-edited URL with an unusable search should not break the page: drop it and say so.
  const parsed = customerListQuery.safeParse({ search: first(raw.search), cursor: first(raw.cursor), limit: PAGE_SIZE });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? "The search in this link was ignored");
  const search = parsed.success ? parsed.data.search : undefined;
  const requestedCursor = parsed.success ? parsed.data.cursor : undefined;

  let page: CustomerListPage;
  let cursorExpired = false;
  try {
    page = await listCustomers(scope, { search, cursor: requestedCursor, limit: PAGE_SIZE });
  } catch (error) {
    // A mangled "Older" link: start again from the top, keeping the search.
    if (!(error instanceof ApiError) || error.status !== 400 || !requestedCursor) throw error;
    cursorExpired = true;
    page = await listCustomers(scope, { search, limit: PAGE_SIZE });
  }
  const cursor = cursorExpired ? undefined : requestedCursor;

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

      <SearchForm search={search} />

      {problem || cursorExpired ? (
        <Alert variant="warning" title="Part of this link was ignored" className="mb-4">
          {problem ?? "The page position in this link is not valid; showing the most recent customers."}
        </Alert>
      ) : null}

      {page.data.length === 0 ? (
        <CustomersEmpty search={search} onLaterPage={Boolean(cursor)} />
      ) : (
        <section aria-labelledby="customer-results" className="rounded-xl border bg-card shadow-card">
          <h2 id="customer-results" className="sr-only">
            {search ? `Customers matching “${search}”` : "Customers"}
          </h2>
          <CustomerTable customers={page.data} />
          <CustomerCards customers={page.data} />
          <CursorPagination
            count={page.data.length}
            noun={["customer", "customers"]}
            onLaterPage={Boolean(cursor)}
            firstPageHref={hrefWith(search)}
            nextPageHref={page.nextCursor ? hrefWith(search, page.nextCursor) : null}
            olderLabel="More customers"
          />
        </section>
      )}
    </>
  );
}

/** A plain GET form: searching works before (or without) JavaScript. */
function SearchForm({ search }: { search: string | undefined }) {
  return (
    <form
      method="get"
      action={BASE_PATH}
      role="search"
      aria-label="Search customers"
      className="mb-4 flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-card sm:flex-row sm:items-end"
    >
      <div className="grid min-w-0 flex-1 gap-2">
        <Label htmlFor="customer-search">Search by e-mail or name</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id="customer-search"
            name="search"
            type="search"
            defaultValue={search}
            maxLength={254}
            placeholder="e.g. ngozi or @gmail.com"
            autoComplete="off"
            spellCheck={false}
            className="pl-9"
          />
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="submit" className="flex-1 sm:flex-none">
          Search
        </Button>
        {search ? (
          <Button asChild variant="outline" className="flex-1 sm:flex-none">
            <Link href={BASE_PATH}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const detailHref = (c: CustomerResponse) => `${BASE_PATH}/${c.id}`;

function CustomerTable({ customers }: { customers: CustomerResponse[] }) {
  return (
    <Table containerClassName="hidden lg:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Customer</TableHead>
          <TableHead className="text-right">Total paid</TableHead>
          <TableHead className="text-right">Payments</TableHead>
          <TableHead>First payment</TableHead>
          <TableHead>Last payment</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {customers.map((c) => (
          <TableRow key={c.id}>
            <TableCell className="max-w-72 whitespace-normal">
              <Link
                href={detailHref(c)}
                className="block truncate rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {c.name ?? c.email}
              </Link>
              {c.name ? (
                <span className="block truncate text-xs text-muted-foreground" title={c.email}>
                  {c.email}
                </span>
              ) : null}
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatNaira(Number(c.totalPaid))}</TableCell>
            <TableCell className="text-right tabular-nums">{c.paymentCount.toLocaleString("en-NG")}</TableCell>
            <TableCell className="text-muted-foreground tabular-nums">
              <LagosDay value={c.firstPaymentAt} />
            </TableCell>
            <TableCell className="text-muted-foreground tabular-nums">
              <LagosDay value={c.lastPaymentAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones and tablets: one tappable card per customer. */
function CustomerCards({ customers }: { customers: CustomerResponse[] }) {
  return (
    <ul className="divide-y lg:hidden">
      {customers.map((c) => (
        <li key={c.id}>
          <Link href={detailHref(c)} className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none">
            <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium">{c.name ?? c.email}</span>
                <span className="shrink-0 font-semibold tabular-nums">{formatNaira(Number(c.totalPaid))}</span>
              </div>
              {c.name ? <span className="truncate text-sm text-muted-foreground">{c.email}</span> : null}
              <span className="text-xs text-muted-foreground">
                {paymentCountLabel(c.paymentCount)} · last <LagosDay value={c.lastPaymentAt} />
              </span>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CustomersEmpty({ search, onLaterPage }: { search: string | undefined; onLaterPage: boolean }) {
  if (onLaterPage) {
    return (
      <EmptyState
        icon={<UserRound />}
        title="No more customers"
        description="You've reached the end of the list."
        action={
          <Button asChild variant="outline">
            <Link href={hrefWith(search)}>Back to the top</Link>
          </Button>
        }
      />
    );
  }
  if (search) {
    return (
      <EmptyState
        icon={<SearchX />}
        title="No customers match this search"
        description="Search matches part of an e-mail address or a name. Try fewer letters."
        action={
          <Button asChild variant="outline">
            <Link href={BASE_PATH}>Clear search</Link>
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<UserRound />}
      title="No customers yet"
      description="When someone completes a payment through a payment link, an invoice or the API, they show up here with what they paid."
      action={
        <Button asChild variant="outline">
          <Link href="/dashboard/payment-links">Create a payment link</Link>
        </Button>
      }
    />
  );
}
