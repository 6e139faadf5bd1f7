import { DetailSkeleton } from "@/components/dashboard/detail-skeleton";

export default function SubscriptionLoading() {
  return <DetailSkeleton label="Loading subscription…" />;
}
