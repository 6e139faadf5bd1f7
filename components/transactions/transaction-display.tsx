// Shared presentation for transactions: status badges, channel names and Lagos dates.
// No client code: usable from server components and client components alike.
import { StatusBadge, statusLabelIn, type StatusStyles } from "@/components/ui/status-badge";
import { CHANNELS, paymentMethodName } from "@/lib/payments/channels";
import { formatNaira } from "@/lib/utils";

export type TransactionStatusName = "PENDING" | "COMPLETED" | "FAILED" | "CANCELLED" | "REFUNDED";

const STATUS = {
  COMPLETED: { label: "Completed", variant: "success" },
  PENDING: { label: "Pending", variant: "warning" },
  FAILED: { label: "Failed", variant: "destructive" },
  CANCELLED: { label: "Cancelled", variant: "neutral" },
  REFUNDED: { label: "Refunded", variant: "info" },
} satisfies Record<TransactionStatusName, StatusStyles[string]>;

export const STATUS_OPTIONS = (Object.keys(STATUS) as TransactionStatusName[]).map((value) => ({ value, label: STATUS[value].label }));

export function statusLabel(status: string): string {
  return statusLabelIn(STATUS, status);
}

export function TransactionStatusBadge({ status, className }: { status: string; className?: string }) {
  return <StatusBadge styles={STATUS} status={status} className={className} />;
}

export const CHANNEL_OPTIONS = CHANNELS.map(({ value, label }) => ({ value, label }));

/** How it was paid ("Card", "Bank transfer"; one formatter, lib/payments/channels.ts), or an em dash. */
export function paymentMethodLine(channel: string | null, paymentMethod: string | null): string {
  return paymentMethodName(channel, paymentMethod) ?? "—";
}

const lagosDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** "22 Nov 2026, 14:05" in Lagos time, whatever the server's time zone. */
export function formatLagosDateTime(value: Date | string): string {
  return lagosDateTime.format(typeof value === "string" ? new Date(value) : value);
}

/** A <time> element with a machine-readable value and the Lagos-formatted text. */
export function LagosTime({ value, className }: { value: Date | string; className?: string }) {
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    <time dateTime={date.toISOString()} className={className}>
      {formatLagosDateTime(date)}
    </time>
  );
}

/** The amount, with what was refunded of it on a second line (table cells). */
export function AmountWithRefund({ amount, refunded }: { amount: bigint; refunded: bigint }) {
  return (
    <>
      {formatNaira(Number(amount))}
      {refunded > 0n ? <span className="block text-xs font-normal text-muted-foreground">−{formatNaira(Number(refunded))} refunded</span> : null}
    </>
  );
}
