import { ListSkeleton } from "@/components/dashboard/list-skeleton";

export default function InvoicesLoading() {
  return <ListSkeleton label="Loading invoices…" tabs={6} />;
}
