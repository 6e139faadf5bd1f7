import type * as React from "react";

import { Skeleton } from "@/components/ui/skeleton";

/** The live region a loading state sits in; screen readers hear its label. */
function LoadingRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      {children}
    </div>
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
