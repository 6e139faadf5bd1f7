import { Skeleton } from "@/components/ui/skeleton";

export default function PayoutSettingsLoading() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Loading payout settings…</span>
      <Skeleton className="mb-4 h-5 w-24" />
      <div className="mb-6 grid gap-2 sm:mb-8">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-6">
        {[0, 1].map((i) => (
          <div key={i} className="rounded-xl border bg-card p-5 shadow-card sm:p-6">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="mt-2 h-4 w-72 max-w-full" />
            <div className="mt-6 grid gap-4 sm:grid-cols-2">
              <Skeleton className="h-11 md:h-10" />
              <Skeleton className="h-11 md:h-10" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
