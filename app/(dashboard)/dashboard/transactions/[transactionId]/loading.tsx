import { Skeleton } from "@/components/ui/skeleton";

export default function TransactionDetailLoading() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Loading transaction…</span>
      <Skeleton className="mb-4 h-5 w-28" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="rounded-xl border bg-card p-5 shadow-card sm:p-6 lg:col-span-2">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="mt-2 h-9 w-48" />
          <Skeleton className="mt-3 h-4 w-64 max-w-full" />
          <div className="mt-6 grid gap-4 border-t pt-5 sm:grid-cols-2">
            {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
              <div key={i} className="grid gap-2">
                <Skeleton className="h-3 w-20" />
                <Skeleton className="h-4 w-36" />
              </div>
            ))}
          </div>
        </div>
        <div className="self-start rounded-xl border bg-card p-5 shadow-card sm:p-6">
          <Skeleton className="h-5 w-24" />
          <div className="mt-6 grid gap-5">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="flex gap-3">
                <Skeleton className="size-7 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
