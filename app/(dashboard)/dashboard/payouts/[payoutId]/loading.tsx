import { DetailSkeleton } from "@/components/dashboard/detail-skeleton";

export default function PayoutLoading() {
  return <DetailSkeleton label="Loading payout…" />;
}
