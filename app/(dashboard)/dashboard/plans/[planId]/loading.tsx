import { DetailSkeleton } from "@/components/dashboard/detail-skeleton";

export default function PlanLoading() {
  return <DetailSkeleton label="Loading plan…" />;
}
