import { DetailSkeleton } from "@/components/dashboard/list-skeleton";

export default function InvoiceLoading() {
  return <DetailSkeleton label="Loading invoice…" />;
}
