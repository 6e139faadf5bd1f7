import { DetailSkeleton } from "@/components/dashboard/detail-skeleton";

export default function TransactionDetailLoading() {
  return <DetailSkeleton label="Loading transaction…" />;
}
