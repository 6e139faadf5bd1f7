import { ResourceNotFound } from "@/components/dashboard/resource-not-found";

export default function SubscriptionNotFound() {
  return <ResourceNotFound kind="subscription" />;
}
