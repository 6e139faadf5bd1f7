import { DetailSkeleton } from "@/components/dashboard/detail-skeleton";

export default function InvoiceLoading() {
  return <DetailSkeleton label="Loading invoice…" />;
}
