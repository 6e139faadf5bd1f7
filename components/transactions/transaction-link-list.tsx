import type * as React from "react";

import { PageLink } from "@/components/ui/page-link";
import { cn } from "@/lib/utils";

export interface TransactionLinkListProps<T extends { id: string }> {
  transactions: T[];
  /** The list's frame beyond the rules between rows, e.g. a border. */
  className?: string;
  /** A row's layout and side padding. */
  rowClassName: string;
  /** What a row shows. */
  row: (transaction: T) => React.ReactNode;
}

/** Payments as rows, each a link to the payment's page in the dashboard. */
export function TransactionLinkList<T extends { id: string }>({ transactions, className, rowClassName, row }: TransactionLinkListProps<T>) {
  return (
    <ul className={cn("divide-y", className)}>
      {transactions.map((t) => (
        <li key={t.id}>
          <PageLink
            href={`/dashboard/transactions/${t.id}`}
            className={cn("py-3 hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none", rowClassName)}
          >
            {row(t)}
          </PageLink>
        </li>
      ))}
    </ul>
  );
}

/** A row's text as the overview and the Payouts page show it: who paid and when on the left, the amount and a line under it on the right. */
export function TransactionRowText({ who, when, amount, under }: { who: string; when: React.ReactNode; amount: string; under: React.ReactNode }) {
  return (
    <>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm">{who}</span>
        <span className="truncate text-xs text-muted-foreground">{when}</span>
      </span>
      <span className="grid justify-items-end gap-0.5 text-right">
        <span className="text-sm font-medium tabular-nums">{amount}</span>
        {under}
      </span>
    </>
  );
}
