// Shared presentation for invoices (server and client safe).
import { Badge, type BadgeProps } from "@/components/ui/badge";

export type InvoiceStatusName = "DRAFT" | "SENT" | "PAID" | "OVERDUE" | "VOID";

const STATUS: Record<InvoiceStatusName, { label: string; variant: NonNullable<BadgeProps["variant"]> }> = {
  DRAFT: { label: "Draft", variant: "neutral" },
  SENT: { label: "Sent", variant: "info" },
  OVERDUE: { label: "Overdue", variant: "warning" },
  PAID: { label: "Paid", variant: "success" },
  VOID: { label: "Void", variant: "destructive" },
};

/** Tab order on the list page. */
export const INVOICE_TABS: InvoiceStatusName[] = ["DRAFT", "SENT", "OVERDUE", "PAID", "VOID"];

export function invoiceStatusLabel(status: string): string {
  return STATUS[status as InvoiceStatusName]?.label ?? status;
}

export function InvoiceStatusBadge({ status, className }: { status: string; className?: string }) {
  const entry = STATUS[status as InvoiceStatusName];
  return (
    <Badge variant={entry?.variant ?? "neutral"} dot className={className}>
      {entry?.label ?? status}
    </Badge>
  );
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
