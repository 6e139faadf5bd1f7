// Shared presentation for invoices (server and client safe).
import { StatusBadge, statusLabelIn, type StatusStyles } from "@/components/ui/status-badge";
import type { InvoiceStatus } from "@/lib/db/generated/enums";

/** The invoice statuses, as the schema defines them. */
export type InvoiceStatusName = InvoiceStatus;

const STATUS = {
  DRAFT: { label: "Draft", variant: "neutral" },
  SENT: { label: "Sent", variant: "info" },
  PARTIALLY_PAID: { label: "Partly paid", variant: "info" },
  OVERDUE: { label: "Overdue", variant: "warning" },
  PAID: { label: "Paid", variant: "success" },
  VOID: { label: "Void", variant: "destructive" },
} satisfies Record<InvoiceStatusName, StatusStyles[string]>;

/** Tab order on the list page. */
export const INVOICE_TABS: InvoiceStatusName[] = ["DRAFT", "SENT", "PARTIALLY_PAID", "OVERDUE", "PAID", "VOID"];

export function invoiceStatusLabel(status: string): string {
  return statusLabelIn(STATUS, status);
}

export function InvoiceStatusBadge({ status, className }: { status: string; className?: string }) {
  return <StatusBadge styles={STATUS} status={status} className={className} />;
}

// Due dates are calendar dates stored as midnight UTC: format them in UTC so they never shift a day.
const dueDateFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });

/** "31 Jan 2030". */
export function formatDueDate(value: Date | string): string {
  return dueDateFormat.format(typeof value === "string" ? new Date(value) : value);
}

/** "2" or "2.5": quantities as people write them. */
export function formatQuantity(quantity: number): string {
  return quantity.toLocaleString("en-NG", { maximumFractionDigits: 4 });
}
