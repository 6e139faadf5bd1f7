import { ResourceNotFound } from "@/components/dashboard/resource-not-found";

export default function TransactionNotFound() {
  return <ResourceNotFound kind="transaction" />;
}
