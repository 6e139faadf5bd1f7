import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder shown while a form that reads the URL's search params loads. */
export function AuthFormSkeleton({ fields = 2 }: { fields?: number }) {
  return (
    <Card className="shadow-sm" role="status" aria-busy="true">
      <span className="sr-only">Loading…</span>
      <CardHeader className="gap-3">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-full" />
      </CardHeader>
      <CardContent className="grid gap-5 pt-2">
        {Array.from({ length: fields }, (_, i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-11 w-full md:h-10" />
          </div>
        ))}
        <Skeleton className="h-11 w-full md:h-10" />
      </CardContent>
    </Card>
  );
}
