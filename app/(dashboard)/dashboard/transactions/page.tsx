import type { Metadata } from "next";
import Link from "next/link";
import type * as React from "react";
import Form from "next/form";
import { ArrowLeftRight, ArrowRight, ChevronDown, ChevronRight, Download, FilterX, Search, SlidersHorizontal } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { SubmitOnChange } from "@/components/transactions/submit-on-change";
import {
  CHANNEL_OPTIONS,
  LagosTime,
  STATUS_OPTIONS,
  TransactionStatusBadge,
  formatLagosDateTime,
  paymentMethodLine,
} from "@/components/transactions/transaction-display";
import { ApiError } from "@/lib/api/errors";
import { getDashboardContext } from "@/lib/auth/session";
import { paidForByTransaction, type PaidFor } from "@/lib/payments/paid-for";
import { listTransactions, transactionListQuery, transactionTotals, type TransactionListPage, type TransactionListQuery, type TransactionTotals } from "@/lib/payments/queries";
import type { TransactionResponse } from "@/lib/payments/serializers";
import { cn, formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Transactions" };

const BASE_PATH = "/dashboard/transactions";
const FILTER_FORM = "transaction-filters";
const FILTER_KEYS = ["q", "status", "channel", "from", "to"] as const;
const PARAM_KEYS = [...FILTER_KEYS, "cursor", "limit"] as const;
type ParamKey = (typeof PARAM_KEYS)[number];
type Params = Partial<Record<ParamKey, string>>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** First value of each known parameter, blanks dropped. */
function readParams(raw: Record<string, string | string[] | undefined>): Params {
  const params: Params = {};
  for (const key of PARAM_KEYS) {
    const value = raw[key];
    const first = (Array.isArray(value) ? value[0] : value)?.trim();
    if (first) params[key] = first;
  }
  return params;
}

/**
 * Parses the URL like the API does. A hand-edited URL with a bad value should not break the page:
 * the offending parameters are dropped and named in a notice instead.
 */
function parseFilters(params: Params): { query: TransactionListQuery; valid: Params; problems: string[] } {
  const valid = { ...params };
  const problems: string[] = [];
  for (let attempt = 0; attempt < PARAM_KEYS.length + 1; attempt++) {
    const result = transactionListQuery.safeParse(valid);
    if (result.success) return { query: result.data, valid, problems };
    for (const issue of result.error.issues) {
      const key = issue.path[0] as ParamKey | undefined;
      if (key && key in valid) {
        delete valid[key];
        problems.push(issue.message);
      }
    }
  }
  return { query: { limit: 25 } as TransactionListQuery, valid: {}, problems };
}

function hrefWith(params: Params, changes: Params = {}): string {
  const search = new URLSearchParams();
  for (const key of PARAM_KEYS) {
    const value = key in changes ? changes[key] : params[key];
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `${BASE_PATH}?${text}` : BASE_PATH;
}

export default async function TransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant } = await getDashboardContext();
  const { query, valid, problems } = parseFilters(readParams(await searchParams));
  const filtered = FILTER_KEYS.some((key) => valid[key]);

  let page: TransactionListPage;
  let cursorExpired = false;
  try {
    page = await listTransactions(merchant.id, merchant.environment, query);
  } catch (error) {
    // A mangled "Older" link: start again from the newest, keeping the filters.
    if (!(error instanceof ApiError) || error.status !== 400 || !query.cursor) throw error;
    cursorExpired = true;
    delete valid.cursor;
    page = await listTransactions(merchant.id, merchant.environment, { ...query, cursor: undefined });
  }
  const onLaterPage = Boolean(valid.cursor);
  const [totals, paidFor] = await Promise.all([
    transactionTotals(merchant.id, merchant.environment, query),
    paidForByTransaction(merchant.id, page.data),
  ]);

  return (
    <>
      <PageHeader
        title="Transactions"
        actions={
          <Button asChild variant="outline">
            {/* A plain download: the API streams the file, with the same filters as this page. */}
            <a href={exportHref(merchant.id, valid)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
        description={
          merchant.environment === "test"
            ? "Test-mode payments to your business, newest first. No real money moved."
            : "Every payment made to your business, with its status and reference."
        }
      />

      <FilterBar params={valid} filtered={filtered} />

      {problems.length > 0 || cursorExpired ? (
        <Alert variant="warning" title="Some of the filters in this link were ignored" className="mb-4">
          <ul className="list-disc pl-4">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
            {cursorExpired ? <li>The page position in this link is not valid; showing the newest transactions.</li> : null}
          </ul>
        </Alert>
      ) : null}

      {page.data.length === 0 ? (
        <TransactionsEmpty filtered={filtered} onLaterPage={onLaterPage} params={valid} />
      ) : (
        <section aria-labelledby="transactions-results" className="rounded-xl border bg-card shadow-card">
          <h2 id="transactions-results" className="sr-only">
            Results
          </h2>
          <TotalsLine totals={totals} filtered={filtered} />
          <TransactionTable transactions={page.data} paidFor={paidFor} />
          <TransactionCards transactions={page.data} paidFor={paidFor} />
          <nav aria-label="Pagination" className="flex flex-col-reverse gap-3 border-t px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              {page.data.length === totals.count
                ? totals.count === 1
                  ? "Showing 1"
                  : `Showing all ${count.format(totals.count)}`
                : `Showing ${page.data.length} of ${count.format(totals.count)}${onLaterPage ? " on this page" : ""}`}
            </p>
            <div className="flex gap-2">
              {onLaterPage ? (
                <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
                  <Link href={hrefWith(valid, { cursor: undefined })}>Back to newest</Link>
                </Button>
              ) : null}
              {page.nextCursor ? (
                <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
                  <Link href={hrefWith(valid, { cursor: page.nextCursor })}>
                    Older transactions
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : null}
            </div>
          </nav>
        </section>
      )}
    </>
  );
}

const count = new Intl.NumberFormat("en-NG");

/** Every page of the filter at once: how many, what they add up to, and how much of that was paid. */
function TotalsLine({ totals, filtered }: { totals: TransactionTotals; filtered: boolean }) {
  const allPaid = totals.paidCount === totals.count;
  return (
    <p className="border-b px-4 py-3 text-sm" data-testid="transaction-totals">
      <span className="font-medium">
        {count.format(totals.count)} {totals.count === 1 ? "transaction" : "transactions"}
      </span>
      {filtered ? " match" : ""} · <span className="font-medium tabular-nums">{formatNaira(Number(totals.amount))}</span>
      {allPaid ? (totals.count > 0 ? " paid" : "") : (
        <span className="text-muted-foreground">
          {" "}
          in total, <span className="tabular-nums">{formatNaira(Number(totals.paidAmount))}</span> of it paid
        </span>
      )}
    </p>
  );
}

function exportHref(merchantId: string, params: Params): string {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) if (params[key]) search.set(key, params[key]);
  const text = search.toString();
  return `/api/merchants/${merchantId}/transactions/export.csv${text ? `?${text}` : ""}`;
}

/** A native select (keyboard, phone pickers and no-JS all work) styled like Input. */
function NativeSelect({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(
          "flex h-11 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-9 text-base text-foreground shadow-xs md:h-10 md:text-sm",
          "transition-[color,box-shadow,border-color] duration-150 hover:border-foreground/60",
          "focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/20",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

/**
 * A GET form (next/form: a client-side navigation with JavaScript, a plain GET without it). The
 * search box is always there; the other filters fold away on phones and apply as soon as they change.
 */
function FilterBar({ params, filtered }: { params: Params; filtered: boolean }) {
  const active = (["status", "channel", "from", "to"] as const).filter((key) => params[key]).length;
  return (
    // Keyed by the filters: a client-side navigation (Clear, back) remounts it with the URL's values.
    <Form key={new URLSearchParams(params).toString()} id={FILTER_FORM} action={BASE_PATH} role="search" aria-label="Filter transactions" className="mb-4 grid gap-3 rounded-xl border bg-card p-4 shadow-card">
      <SubmitOnChange formId={FILTER_FORM} />
      <div className="grid gap-2">
        <Label htmlFor="tx-q">Search</Label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="tx-q"
              name="q"
              type="search"
              defaultValue={params.q}
              maxLength={100}
              placeholder="Reference, e-mail or name"
              autoComplete="off"
              spellCheck={false}
              className="pl-9"
            />
          </div>
          <Button type="submit">Search</Button>
        </div>
      </div>
      {/* Folded on phones; always open from xl up, where the summary that toggles it is hidden. */}
      <details className="group xl:[&::details-content]:[content-visibility:visible]">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring xl:hidden [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal className="size-4 text-muted-foreground" aria-hidden="true" />
          Filters
          {active > 0 ? <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">{active} on</span> : null}
          <ChevronDown className="ml-auto size-4 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="grid gap-3 pt-2 sm:grid-cols-2 xl:grid-cols-4 xl:items-end xl:pt-0">
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="tx-status">Status</Label>
            <NativeSelect id="tx-status" name="status" defaultValue={params.status ?? ""}>
              <option value="">All</option>
              {STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="tx-channel">Method</Label>
            <NativeSelect id="tx-channel" name="channel" defaultValue={params.channel ?? ""}>
              <option value="">All</option>
              {CHANNEL_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="tx-from">From</Label>
            <Input id="tx-from" name="from" type="date" defaultValue={dateOnly(params.from)} />
          </div>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="tx-to">To</Label>
            <Input id="tx-to" name="to" type="date" defaultValue={dateOnly(params.to)} />
          </div>
        </div>
      </details>
      {params.limit ? <input type="hidden" name="limit" value={params.limit} /> : null}
      {filtered ? (
        <p className="text-sm">
          <Link href={BASE_PATH} className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline md:min-h-9">
            <FilterX className="size-4" aria-hidden="true" />
            Clear filters
          </Link>
        </p>
      ) : null}
    </Form>
  );
}

/** `<input type="date">` only takes YYYY-MM-DD; an ISO date-time from an API-style link shows its date part. */
function dateOnly(value: string | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}

function detailHref(t: TransactionResponse) {
  return `${BASE_PATH}/${t.id}`;
}

function PaidForText({ value, className }: { value: PaidFor | undefined; className?: string }) {
  if (!value) return null;
  return (
    <span className={cn("block truncate", className)} title={value.label}>
      {value.label}
    </span>
  );
}

function TransactionTable({ transactions, paidFor }: { transactions: TransactionResponse[]; paidFor: Map<string, PaidFor> }) {
  return (
    <Table containerClassName="hidden xl:block" className="[&_tbody_tr]:align-top">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Reference</TableHead>
          <TableHead>For</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Method</TableHead>
          <TableHead>Date</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.map((t) => (
          <TableRow key={t.id}>
            <TableCell>
              <Link
                href={detailHref(t)}
                className="rounded-sm font-mono text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t.reference}
              </Link>
            </TableCell>
            <TableCell className="max-w-48 whitespace-normal">
              {paidFor.get(t.id) ? <PaidForText value={paidFor.get(t.id)} /> : <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className="max-w-56 whitespace-normal">
              <span className="block truncate" title={t.customerEmail}>
                {t.customerEmail}
              </span>
              {t.customerName ? <span className="block truncate text-xs text-muted-foreground">{t.customerName}</span> : null}
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatNaira(Number(t.amount))}
              {t.refundedAmount > 0n ? (
                <span className="block text-xs font-normal text-muted-foreground">−{formatNaira(Number(t.refundedAmount))} refunded</span>
              ) : null}
            </TableCell>
            <TableCell>
              <TransactionStatusBadge status={t.status} />
            </TableCell>
            <TableCell className="min-w-28 whitespace-normal text-muted-foreground">
              {paymentMethodLine(t.channel, t.paymentMethod)}
            </TableCell>
            <TableCell className="text-muted-foreground tabular-nums">
              <LagosDateStacked value={t.createdAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** "22 Nov 2026" over "14:05", keeping the table narrow enough for a laptop beside the sidebar. */
function LagosDateStacked({ value }: { value: Date }) {
  const [day, time] = formatLagosDateTime(value).split(", ");
  return (
    <time dateTime={value.toISOString()} className="block leading-5">
      <span className="block text-foreground">{day}</span>
      <span className="block text-xs">{time}</span>
    </time>
  );
}

/** Phones, tablets and narrow laptops: one tappable card per transaction instead of a sideways-scrolling table. */
function TransactionCards({ transactions, paidFor }: { transactions: TransactionResponse[]; paidFor: Map<string, PaidFor> }) {
  return (
    <ul className="divide-y xl:hidden">
      {transactions.map((t) => (
        <li key={t.id}>
          <Link
            href={detailHref(t)}
            className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none"
          >
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-semibold tabular-nums">{formatNaira(Number(t.amount))}</span>
                <TransactionStatusBadge status={t.status} />
              </div>
              <PaidForText value={paidFor.get(t.id)} className="text-sm font-medium" />
              <span className="truncate text-sm">
                {t.customerName ? `${t.customerName} · ` : ""}
                <span className="text-muted-foreground">{t.customerEmail}</span>
              </span>
              <span className="truncate font-mono text-xs text-muted-foreground">{t.reference}</span>
              <span className="text-xs text-muted-foreground">
                <LagosTime value={t.createdAt} /> · {paymentMethodLine(t.channel, t.paymentMethod)}
              </span>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function TransactionsEmpty({ filtered, onLaterPage, params }: { filtered: boolean; onLaterPage: boolean; params: Params }) {
  if (onLaterPage) {
    return (
      <EmptyState
        icon={<ArrowLeftRight />}
        title="No older transactions"
        description="You've reached the end of the list."
        action={
          <Button asChild variant="outline">
            <Link href={hrefWith(params, { cursor: undefined })}>Back to newest</Link>
          </Button>
        }
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        icon={<FilterX />}
        title="No transactions match these filters"
        description="Try a shorter search, another status or channel, or a wider date range."
        action={
          <Button asChild variant="outline">
            <Link href={BASE_PATH}>Clear filters</Link>
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<ArrowLeftRight />}
      title="No transactions yet"
      description="Payments your customers make through payment links, invoices or the API will show up here."
      action={
        <Button asChild variant="outline">
          <Link href="/dashboard/payment-links">Create a payment link</Link>
        </Button>
      }
    />
  );
}
