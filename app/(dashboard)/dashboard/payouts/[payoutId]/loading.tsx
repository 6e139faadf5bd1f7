import { DetailSkeleton } from "@/components/dashboard/list-skeleton";

export default function PayoutLoading() {
  return <DetailSkeleton label="Loading payout…" />;
}
