import { ResourceNotFound } from "@/components/dashboard/resource-not-found";

export default function CustomerNotFound() {
  return <ResourceNotFound kind="customer" />;
}
