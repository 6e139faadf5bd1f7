import { Skeleton } from "@/components/ui/skeleton";

const ROWS = [0, 1, 2, 3, 4, 5, 6, 7];

export default function TransactionsLoading() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Loading transactions…</span>
      <div className="mb-6 grid gap-2 sm:mb-8">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>

      <div className="mb-4 grid gap-3 rounded-xl border bg-card p-4 shadow-card sm:grid-cols-2 xl:grid-cols-6 xl:items-end">
        <div className="grid gap-2 sm:col-span-2 xl:col-span-2">
          <Skeleton className="h-4 w-14" />
          <Skeleton className="h-11 md:h-10" />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 xl:col-span-2">
          {[0, 1].map((i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-16" />
              <Skeleton className="h-11 md:h-10" />
            </div>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 xl:col-span-2">
          {[0, 1].map((i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-10" />
              <Skeleton className="h-11 md:h-10" />
            </div>
          ))}
        </div>
      </div>

      <div className="rounded-xl border bg-card shadow-card">
        {/* Phones, tablets and narrow laptops: stacked cards. */}
        <div className="divide-y xl:hidden">
          {ROWS.map((i) => (
            <div key={i} className="grid gap-2 px-4 py-3">
              <div className="flex items-center justify-between gap-3">
                <Skeleton className="h-5 w-24" />
                <Skeleton className="h-5 w-20 rounded-full" />
              </div>
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          ))}
        </div>
        {/* Wide screens: table rows. */}
        <div className="hidden xl:block">
          <div className="flex h-10 items-center gap-6 border-b bg-muted/60 px-4">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className="flex-1">
                <Skeleton className="h-3 w-16" />
              </div>
            ))}
          </div>
          <div className="divide-y">
            {ROWS.map((i) => (
              <div key={i} className="flex items-center gap-6 px-4 py-4">
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-4 flex-1" />
                <div className="flex-1">
                  <Skeleton className="h-5 w-20 rounded-full" />
                </div>
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-4 flex-1" />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
