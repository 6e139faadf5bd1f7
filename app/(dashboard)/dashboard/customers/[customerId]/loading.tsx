import { DetailSkeleton } from "@/components/dashboard/detail-skeleton";

export default function CustomerLoading() {
  return <DetailSkeleton label="Loading customer…" />;
}
