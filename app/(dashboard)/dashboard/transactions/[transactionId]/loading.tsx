import { DetailSkeleton } from "@/components/dashboard/list-skeleton";

export default function TransactionDetailLoading() {
  return <DetailSkeleton label="Loading transaction…" />;
}
