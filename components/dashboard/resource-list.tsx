import { PageLink } from "@/components/ui/page-link";
import type * as React from "react";
import { ArrowRight } from "lucide-react";

import { RowList, type RowListProps } from "@/components/dashboard/row-list";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export interface ListEmptyText {
  icon: React.ReactNode;
  /** Past the last page (default "No older invoices", from the noun). */
  endTitle?: string;
  /** Set when a filter or search is on and nothing matches it. */
  filtered?: { icon?: React.ReactNode; title: string; description?: string; clearLabel: string; clearHref: string };
  /** Nothing at all yet. */
  title: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
}

export interface ListPaging {
  /** e.g. ["invoice", "invoices"]. */
  noun: [string, string];
  onLaterPage: boolean;
  firstPageHref: string;
  nextPageHref: string | null;
  /** The link to the next page (default "Older invoices", from the noun). */
  olderLabel?: string;
  /** The link back to the first page (default "Back to newest"). */
  firstPageLabel?: string;
  /** Replaces the "25 invoices shown" line. */
  summary?: React.ReactNode;
}

/** Where a list's pages link to: from `cursorPaging` in list-params. */
export type CursorPaging = Pick<ListPaging, "onLaterPage" | "firstPageHref" | "nextPageHref">;

export interface ResourceListProps<T extends { id: string }> extends RowListProps<T> {
  /** The id and text of the visually hidden heading that names the results. */
  labelId: string;
  label: string;
  /** Inside the results, above the rows (e.g. totals). */
  header?: React.ReactNode;
  /** Parts of the URL the page could not use, shown above the list rather than failing it. */
  ignored?: string[];
  cursorExpired?: boolean;
  empty: ListEmptyText;
  paging: ListPaging;
}

/**
 * A newest-first dashboard list, rendered on the server: a table on wide screens, cards on narrow ones,
 * cursor pagination, and the empty states (nothing yet, nothing matches, past the end).
 */
export function ResourceList<T extends { id: string }>({
  labelId,
  label,
  header,
  ignored = [],
  cursorExpired = false,
  empty,
  paging,
  ...rowList
}: ResourceListProps<T>) {
  return (
    <>
      <IgnoredNotice ignored={ignored} cursorExpired={cursorExpired} />
      {rowList.rows.length === 0 ? (
        <ListEmpty empty={empty} paging={paging} />
      ) : (
        <section aria-labelledby={labelId} className="rounded-xl border bg-card shadow-card">
          <h2 id={labelId} className="sr-only">
            {label}
          </h2>
          {header}
          <RowList {...rowList} />
          <CursorPagination count={rowList.rows.length} {...paging} />
        </section>
      )}
    </>
  );
}

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

function ListEmpty({ empty, paging }: { empty: ListEmptyText; paging: ListPaging }) {
  if (paging.onLaterPage) {
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.endTitle ?? `No older ${paging.noun[1]}`}
        description="You've reached the end of the list."
        action={<ListAction href={paging.firstPageHref}>{paging.firstPageLabel ?? "Back to newest"}</ListAction>}
      />
    );
  }
  if (empty.filtered) {
    return (
      <EmptyState
        icon={empty.filtered.icon ?? empty.icon}
        title={empty.filtered.title}
        description={empty.filtered.description}
        action={<ListAction href={empty.filtered.clearHref}>{empty.filtered.clearLabel}</ListAction>}
      />
    );
  }
  return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />;
}

/** The footer of a newest-first list: how many are shown, the way back to the first page and "Older …". */
function CursorPagination({
  count,
  noun,
  onLaterPage,
  firstPageHref,
  nextPageHref,
  olderLabel = `Older ${noun[1]}`,
  firstPageLabel = "Back to newest",
  summary,
}: ListPaging & { count: number }) {
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
