import { ListSkeleton } from "@/components/dashboard/list-skeleton";

export default function CustomersLoading() {
  return <ListSkeleton label="Loading customers…" form />;
}
