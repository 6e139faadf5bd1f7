import { ResourceNotFound } from "@/components/dashboard/resource-not-found";

export default function PayoutNotFound() {
  return <ResourceNotFound kind="payout" />;
}
