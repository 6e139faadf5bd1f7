import { ResourceNotFound } from "@/components/dashboard/resource-not-found";

export default function InvoiceNotFound() {
  return <ResourceNotFound kind="invoice" />;
}
