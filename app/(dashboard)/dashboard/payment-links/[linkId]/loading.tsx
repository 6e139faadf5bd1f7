import { DetailSkeleton } from "@/components/dashboard/list-skeleton";

export default function PaymentLinkLoading() {
  return <DetailSkeleton label="Loading payment link…" />;
}
