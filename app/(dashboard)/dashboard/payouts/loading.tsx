import { ListSkeleton } from "@/components/dashboard/list-skeleton";

export default function PayoutsLoading() {
  return <ListSkeleton label="Loading payouts…" tabs={0} />;
}
