import { ListSkeleton } from "@/components/dashboard/list-skeleton";

export default function TransactionsLoading() {
  return <ListSkeleton label="Loading transactions…" form />;
}
