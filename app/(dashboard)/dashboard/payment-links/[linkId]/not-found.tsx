import { ResourceNotFound } from "@/components/dashboard/resource-not-found";

export default function PaymentLinkNotFound() {
  return <ResourceNotFound kind="paymentLink" />;
}
