import { ListSkeleton } from "@/components/dashboard/list-skeleton";

export default function PaymentLinksLoading() {
  return <ListSkeleton label="Loading payment links…" />;
}
