import { ResourceNotFound } from "@/components/dashboard/resource-not-found";

export default function PlanNotFound() {
  return <ResourceNotFound kind="plan" />;
}
