// Where a part of a customer's money went, in words: the customer page's Allocations rows.
import { RowLink } from "@/components/dashboard/row-list";
import type { CustomerAllocationResponse } from "@/lib/customers/serializers";

type Allocation = Pick<CustomerAllocationResponse, "kind" | "invoiceId" | "invoiceNumber" | "transactionId">;

/** "Invoice INV-000042" / "Credit" / "Credit applied to INV-000042" / "Credit refunded"; invoices linked when `linked`. */
export function AllocationTarget({ allocation: a, linked = false }: { allocation: Allocation; linked?: boolean }) {
  if (a.kind === "credit") return <>Credit</>;
  if (a.kind === "credit_refunded") return <>Credit refunded</>;
  const number =
    a.invoiceId && a.invoiceNumber ? (
      linked ? (
        <RowLink href={`/dashboard/invoices/${a.invoiceId}`} className="font-mono text-xs">
          {a.invoiceNumber}
        </RowLink>
      ) : (
        <span className="font-mono text-xs">{a.invoiceNumber}</span>
      )
    ) : (
      "an invoice no longer on record"
    );
  return a.kind === "credit_applied" ? <>Credit applied to {number}</> : <>Invoice {number}</>;
}

/** Where a row opens on a phone: its payment, else its invoice, else the customer's own page. */
export function allocationHref(a: Allocation, customerId: string): string {
  if (a.transactionId) return `/dashboard/transactions/${a.transactionId}`;
  if (a.invoiceId) return `/dashboard/invoices/${a.invoiceId}`;
  return `/dashboard/customers/${customerId}`;
}
