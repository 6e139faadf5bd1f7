import type * as React from "react";

import { Skeleton } from "@/components/ui/skeleton";

const ROWS = [0, 1, 2, 3, 4, 5];

/** The live region every loading state sits in; screen readers hear its label. */
export function LoadingRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A page header's title and description lines, at the widths the page's own header takes. */
export function HeaderSkeleton({
  className = "grid gap-2",
  title = "w-40",
  description = "w-72",
}: {
  className?: string;
  title?: string;
  description?: string;
}) {
  return (
    <div className={className}>
      <Skeleton className={`h-7 ${title}`} />
      <Skeleton className={`h-4 ${description} max-w-full`} />
    </div>
  );
}

/** Loading state for a list page: header, filter tabs (or a search and filter form) and rows. */
export function ListSkeleton({ label, tabs = 3, form = false }: { label: string; tabs?: number; form?: boolean }) {
  return (
    <LoadingRegion label={label}>
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <HeaderSkeleton />
        <Skeleton className="h-11 w-44 md:h-10" />
      </div>
      {form ? (
        <div className="mb-4 grid gap-2 rounded-xl border bg-card p-4 shadow-card">
          <Skeleton className="h-4 w-14" />
          <Skeleton className="h-11 md:h-10" />
        </div>
      ) : (
        <div className="mb-4 flex gap-1">
          {Array.from({ length: tabs }, (_, i) => (
            <Skeleton key={i} className="h-10 w-20 md:h-8" />
          ))}
        </div>
      )}
      <div className="divide-y rounded-xl border bg-card shadow-card">
        {ROWS.map((i) => (
          <div key={i} className="grid gap-2 px-4 py-3">
            <div className="flex items-center justify-between gap-3">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-5 w-20 rounded-full" />
            </div>
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}

/** Loading state for a detail page: a title and two columns of cards. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label}>
      <Skeleton className="mb-4 h-5 w-28" />
      <Skeleton className="mb-2 h-8 w-64 max-w-full" />
      <Skeleton className="mb-6 h-5 w-32" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
        </div>
        <Skeleton className="h-72 rounded-xl" />
      </div>
    </LoadingRegion>
  );
}
