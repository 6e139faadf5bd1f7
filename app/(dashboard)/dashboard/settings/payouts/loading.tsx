import { HeaderSkeleton, LoadingRegion } from "@/components/dashboard/list-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

export default function PayoutSettingsLoading() {
  return (
    <LoadingRegion label="Loading payout settings…">
      <Skeleton className="mb-4 h-5 w-24" />
      <HeaderSkeleton className="mb-6 grid gap-2 sm:mb-8" description="w-80" />
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
    </LoadingRegion>
  );
}
