import { DetailSkeleton } from "@/components/dashboard/list-skeleton";

export default function CustomerLoading() {
  return <DetailSkeleton label="Loading customer…" />;
}
