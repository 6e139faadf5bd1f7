import type * as React from "react";

import { RowList, type RowListProps } from "@/components/dashboard/row-list";
import { EmptyState } from "@/components/ui/empty-state";

export interface RowSectionProps<T extends { id: string }> extends RowListProps<T> {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  description: React.ReactNode;
  /** Beside the heading, e.g. a link to the full list. */
  action?: React.ReactNode;
  /** Shown when there are no rows. */
  empty: { title: string; description: string };
}

/** A titled card on a detail page listing related records (a customer's payments, a payout's payments). */
export function RowSection<T extends { id: string }>({ id, title, description, action, empty, ...rowList }: RowSectionProps<T>) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card shadow-card">
      <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-6">
        <div>
          <h2 id={id} className="text-base font-semibold tracking-tight">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        {action}
      </div>
      {rowList.rows.length === 0 ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <EmptyState title={empty.title} headingLevel="h3" description={empty.description} />
        </div>
      ) : (
        <RowList ruled {...rowList} />
      )}
    </section>
  );
}
