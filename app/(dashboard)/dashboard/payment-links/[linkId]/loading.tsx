import { DetailSkeleton } from "@/components/dashboard/detail-skeleton";

export default function PaymentLinkLoading() {
  return <DetailSkeleton label="Loading payment link…" />;
}
