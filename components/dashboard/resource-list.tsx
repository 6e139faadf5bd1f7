import { PageLink } from "@/components/ui/page-link";
import type * as React from "react";
import { ArrowRight } from "lucide-react";

import { RowList, type RowListProps } from "@/components/dashboard/row-list";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** The empty state when there is nothing at all yet; `endTitle` past the last page (default "No older invoices", from the noun). */
export interface ListEmptyText {
  icon: React.ReactNode;
  title: string;
  description?: React.ReactNode;
  endTitle?: string;
}

/** The empty state when a filter or search is on and nothing matches it; "clear" goes back to the list page. */
export interface ListFilteredText {
  icon?: React.ReactNode;
  title: string;
  description?: string;
  clearLabel: string;
}

/**
 * What a dashboard list is, whichever page of it is shown: one per resource (payment links, plans, …).
 * `F` is what the page filters by (a status tab, a search); `filtered` says what to show when nothing matches it.
 */
export interface ListDefinition<T extends { id: string }, F = boolean> extends Omit<RowListProps<T>, "rows" | "rowHref" | "ruled"> {
  /** The list page: a row opens `${path}/${id}`, and clearing a filter comes back here. */
  path: string;
  /** The visually hidden heading that names the results (default from the noun, e.g. "Invoices"). */
  label?: string;
  /** e.g. ["invoice", "invoices"]: the count under the rows, the default labels and the heading's id ("invoice-results"). */
  noun: [string, string];
  /** The link to the next page (default "Older invoices", from the noun). */
  olderLabel?: string;
  /** The link back to the first page (default "Back to newest"). */
  firstPageLabel?: string;
  empty: ListEmptyText;
  filtered?: (filter: F) => ListFilteredText;
}

/** Where a list's pages link to: from `cursorPaging` in list-params. */
export interface CursorPaging {
  onLaterPage: boolean;
  firstPageHref: string;
  nextPageHref: string | null;
}

export interface ResourceListProps<T extends { id: string }, F> {
  list: ListDefinition<T, F>;
  rows: T[];
  /** `summary` replaces the "25 invoices shown" line. */
  paging: CursorPaging & { summary?: React.ReactNode };
  /** The page's filter (a status, a search); empty when none is on. */
  filter?: F;
  /** The empty state's way onward, e.g. "Create payment link" for those who may. */
  action?: React.ReactNode;
  /** Inside the results, above the rows (e.g. totals). */
  header?: React.ReactNode;
  /** Parts of the URL the page could not use, shown above the list rather than failing it. */
  ignored?: string[];
  cursorExpired?: boolean;
}

/**
 * A newest-first dashboard list, rendered on the server: a table on wide screens, cards on narrow ones,
 * cursor pagination, and the empty states (nothing yet, nothing matches, past the end).
 */
export function ResourceList<T extends { id: string }, F>({
  list,
  rows,
  paging,
  filter,
  action,
  header,
  ignored = [],
  cursorExpired = false,
}: ResourceListProps<T, F>) {
  const { path, noun, olderLabel = `Older ${noun[1]}`, firstPageLabel = "Back to newest", empty } = list;
  const filtered = filter ? list.filtered?.(filter) : undefined;
  const labelId = `${noun[0].replaceAll(" ", "-")}-results`;
  return (
    <>
      <IgnoredNotice ignored={ignored} cursorExpired={cursorExpired} />
      {rows.length === 0 ? (
        <ListEmpty empty={empty} path={path} noun={noun} firstPageLabel={firstPageLabel} paging={paging} filtered={filtered} action={action} />
      ) : (
        <section aria-labelledby={labelId} className="rounded-xl border bg-card shadow-card">
          <h2 id={labelId} className="sr-only">
            {list.label ?? capitalize(noun[1])}
          </h2>
          {header}
          <RowList
            rows={rows}
            columns={list.columns}
            rowHref={(row) => `${path}/${row.id}`}
            card={list.card}
            tableFrom={list.tableFrom}
            tableClassName={list.tableClassName}
          />
          <CursorPagination count={rows.length} noun={noun} olderLabel={olderLabel} firstPageLabel={firstPageLabel} {...paging} />
        </section>
      )}
    </>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An empty state's way onward, e.g. "Create a payment link". */
export function ListAction({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="outline">
      <PageLink href={href}>{children}</PageLink>
    </Button>
  );
}

function IgnoredNotice({ ignored, cursorExpired }: { ignored: string[]; cursorExpired: boolean }) {
  const messages = cursorExpired ? [...ignored, "The page position in this link is not valid; showing the first page."] : ignored;
  if (messages.length === 0) return null;
  return (
    <Alert variant="warning" title="Part of this link was ignored" className="mb-4">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul className="list-disc pl-4">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

interface ListEmptyProps {
  empty: ListEmptyText;
  path: string;
  noun: [string, string];
  firstPageLabel: string;
  paging: CursorPaging;
  filtered: ListFilteredText | undefined;
  action: React.ReactNode;
}

function ListEmpty({ empty, path, noun, firstPageLabel, paging, filtered, action }: ListEmptyProps) {
  if (paging.onLaterPage) {
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.endTitle ?? `No older ${noun[1]}`}
        description="You've reached the end of the list."
        action={<ListAction href={paging.firstPageHref}>{firstPageLabel}</ListAction>}
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        icon={filtered.icon ?? empty.icon}
        title={filtered.title}
        description={filtered.description}
        action={<ListAction href={path}>{filtered.clearLabel}</ListAction>}
      />
    );
  }
  return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={action} />;
}

interface CursorPaginationProps extends CursorPaging {
  count: number;
  noun: [string, string];
  olderLabel: string;
  firstPageLabel: string;
  summary?: React.ReactNode;
}

/** The footer of a newest-first list: how many are shown, the way back to the first page and "Older …". */
function CursorPagination({ count, noun, onLaterPage, firstPageHref, nextPageHref, olderLabel, firstPageLabel, summary }: CursorPaginationProps) {
  return (
    <nav aria-label="Pagination" className="flex flex-col-reverse gap-3 border-t px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        {summary ?? (
          <>
            {count} {count === 1 ? noun[0] : noun[1]}
            {onLaterPage ? " on this page" : nextPageHref ? " shown" : ""}
          </>
        )}
      </p>
      <div className="flex gap-2">
        {onLaterPage ? (
          <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
            <PageLink href={firstPageHref}>{firstPageLabel}</PageLink>
          </Button>
        ) : null}
        {nextPageHref ? (
          <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
            <PageLink href={nextPageHref}>
              {olderLabel}
              <ArrowRight aria-hidden="true" />
            </PageLink>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
