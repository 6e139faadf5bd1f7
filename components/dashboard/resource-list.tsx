import Link from "next/link";
import type * as React from "react";
import { ArrowRight, ChevronRight } from "lucide-react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

export interface Column<T> {
  header: string;
  /** Amounts and counts: header and cells right-aligned. */
  numeric?: boolean;
  className?: string;
  cell: (row: T) => React.ReactNode;
}

export interface ListEmptyText {
  icon: React.ReactNode;
  /** Past the last page, e.g. "No older invoices". */
  endTitle: string;
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
  /** e.g. "Older invoices". */
  olderLabel: string;
  /** The link back to the first page (default "Back to newest"). */
  firstPageLabel?: string;
  /** Replaces the "25 invoices shown" line. */
  summary?: React.ReactNode;
}

export interface RowListProps<T extends { id: string }> {
  rows: T[];
  columns: Column<T>[];
  rowHref: (row: T) => string;
  /** A row's lines on phones and tablets, shown as one tappable card. */
  card: (row: T) => React.ReactNode;
  /** The width from which the table replaces the cards. */
  tableFrom?: "lg" | "xl";
  tableClassName?: string;
  /** A rule above the rows, where they follow a heading in the same card. */
  ruled?: boolean;
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

const LAYOUT = {
  lg: { table: "hidden lg:block", cards: "lg:hidden" },
  xl: { table: "hidden xl:block", cards: "xl:hidden" },
} as const;

/**
 * A newest-first dashboard list, rendered on the server: a table on wide screens, cards on narrow ones,
 * cursor pagination, and the empty states (nothing yet, nothing matches, past the end).
 */
export function ResourceList<T extends { id: string }>({ labelId, label, header, ignored = [], cursorExpired = false, empty, paging, ...rowList }: ResourceListProps<T>) {
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

/** Rows as a table on wide screens and as tappable cards on narrow ones (both rendered; CSS shows one). */
export function RowList<T extends { id: string }>({ rows, columns, rowHref, card, tableFrom = "lg", tableClassName, ruled = false }: RowListProps<T>) {
  const layout = LAYOUT[tableFrom];
  return (
    <>
      <Table containerClassName={cn(layout.table, ruled && "border-t")} className={tableClassName}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column) => (
              <TableHead key={column.header} className={column.numeric ? "text-right" : undefined}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((column) => (
                <TableCell key={column.header} className={cn(column.numeric && "text-right tabular-nums", column.className)}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className={cn("divide-y", layout.cards, ruled && "border-t")}>
        {rows.map((row) => (
          <li key={row.id}>
            <Link href={rowHref(row)} className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none">
              <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">{card(row)}</div>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A column whose cell opens the row: its name, number or reference. */
export function linkColumn<T>(header: string, href: (row: T) => string, text: (row: T) => React.ReactNode, className?: string): Column<T> {
  return {
    header,
    cell: (row) => (
      <RowLink href={href(row)} className={className}>
        {text(row)}
      </RowLink>
    ),
  };
}

/** The link in a row's first cell that opens the row. */
export function RowLink({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className={cn("rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
    >
      {children}
    </Link>
  );
}

/** An empty state's way onward, e.g. "Create a payment link". */
export function ListAction({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="outline">
      <Link href={href}>{children}</Link>
    </Button>
  );
}

/** The top line of a card: the main figure or name on the left, a badge or amount on the right. */
export function CardTop({ children }: { children: React.ReactNode }) {
  return <div className="flex items-baseline justify-between gap-3">{children}</div>;
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
        title={empty.endTitle}
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
function CursorPagination({ count, noun, onLaterPage, firstPageHref, nextPageHref, olderLabel, firstPageLabel = "Back to newest", summary }: ListPaging & { count: number }) {
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
            <Link href={firstPageHref}>{firstPageLabel}</Link>
          </Button>
        ) : null}
        {nextPageHref ? (
          <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
            <Link href={nextPageHref}>
              {olderLabel}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
