import { PageLink } from "@/components/ui/page-link";
import type * as React from "react";
import { ChevronRight } from "lucide-react";

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn, formatNaira } from "@/lib/utils";

export interface Column<T> {
  header: string;
  /** Amounts and counts: header and cells right-aligned. */
  numeric?: boolean;
  className?: string;
  /** `href` is where the row opens, for a link in the cell. */
  cell: (row: T, href: string) => React.ReactNode;
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

const LAYOUT = {
  lg: { table: "hidden lg:block", cards: "lg:hidden" },
  xl: { table: "hidden xl:block", cards: "xl:hidden" },
} as const;

/** Rows as a table on wide screens and as tappable cards on narrow ones (both rendered; CSS shows one). */
export function RowList<T extends { id: string }>({ rows, columns, rowHref, card, tableFrom = "lg", tableClassName, ruled = false }: RowListProps<T>) {
  const layout = LAYOUT[tableFrom];
  // Each row's href once, for its cells and its card.
  const items = rows.map((row) => ({ row, href: rowHref(row) }));
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
          {items.map(({ row, href }) => (
            <TableRow key={row.id}>
              {columns.map((column) => (
                <TableCell key={column.header} className={cn(column.numeric && "text-right tabular-nums", column.className)}>
                  {column.cell(row, href)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className={cn("divide-y", layout.cards, ruled && "border-t")}>
        {items.map(({ row, href }) => (
          <li key={row.id}>
            <PageLink
              href={href}
              className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none"
            >
              <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">{card(row)}</div>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </PageLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A column whose cell opens the row: its name, number or reference. */
export function linkColumn<T>(header: string, text: (row: T) => React.ReactNode, className?: string): Column<T> {
  return {
    header,
    cell: (row, href) => (
      <RowLink href={href} className={className}>
        {text(row)}
      </RowLink>
    ),
  };
}

/**
 * A first column that opens the row by its name, with a smaller grey line under it where there is one
 * (a slug, a description, an e-mail). `truncate` cuts a long name short rather than wrapping it.
 */
export function nameColumn<T>(
  header: string,
  name: (row: T) => React.ReactNode,
  detail: (row: T) => React.ReactNode,
  { width = "max-w-72", truncate = false }: { width?: "max-w-64" | "max-w-72"; truncate?: boolean } = {},
): Column<T> {
  return {
    header,
    className: `${width} whitespace-normal`,
    cell: (row, href) => (
      <>
        <RowLink href={href} className={truncate ? "block truncate" : undefined}>
          {name(row)}
        </RowLink>
        {detail(row)}
      </>
    ),
  };
}

/** The link in a row's first cell that opens the row. */
export function RowLink({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  return (
    <PageLink
      href={href}
      className={cn(
        "rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      {children}
    </PageLink>
  );
}

/** The top line of a card: the main figure or name on the left, a badge or amount on the right. */
export function CardTop({ children }: { children: React.ReactNode }) {
  return <div className="flex items-baseline justify-between gap-3">{children}</div>;
}

/** The top line of a money record's card: its amount on the left, its status badge on the right. */
export function AmountTop({ amount, badge }: { amount: bigint; badge: React.ReactNode }) {
  return (
    <CardTop>
      <span className="font-semibold tabular-nums">{formatNaira(Number(amount))}</span>
      {badge}
    </CardTop>
  );
}
