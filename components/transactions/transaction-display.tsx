// Shared presentation for transactions: status badges, channel names and Lagos dates.
// No client code: usable from server components and client components alike.
import { StatusBadge, type StatusStyles } from "@/components/ui/status-badge";
import type { TransactionStatus } from "@/lib/db/generated/enums";
import { CHANNELS, paymentMethodName } from "@/lib/payments/channels";
import { formatNaira } from "@/lib/utils";

const STATUS = {
  COMPLETED: { label: "Completed", variant: "success" },
  PENDING: { label: "Pending", variant: "warning" },
  FAILED: { label: "Failed", variant: "destructive" },
  CANCELLED: { label: "Cancelled", variant: "neutral" },
  ABANDONED: { label: "Abandoned", variant: "neutral" },
  REFUNDED: { label: "Refunded", variant: "info" },
} satisfies Record<TransactionStatus, StatusStyles[string]>;
// Shown, never stored: the API says REFUNDED for any refund (refundedAmount tells how much).
const SHOWN = { ...STATUS, PARTIALLY_REFUNDED: { label: "Partially refunded", variant: "info" } } satisfies StatusStyles;

/** The filter's choices: the API's statuses (REFUNDED covers partial refunds too). */
export const STATUS_OPTIONS = (Object.keys(STATUS) as TransactionStatus[]).map((value) => ({
  value,
  label: value === "REFUNDED" ? "Refunded (fully or partly)" : STATUS[value].label,
}));

type Shown = { status: string; amount?: bigint | number; refundedAmount?: bigint | number };

/** The status as the product shows it: a REFUNDED payment with less than all of it refunded is "Partially refunded". */
export function shownStatus({ status, amount, refundedAmount }: Shown): keyof typeof SHOWN | string {
  const partly = status === "REFUNDED" && amount !== undefined && refundedAmount !== undefined && BigInt(refundedAmount) < BigInt(amount);
  return partly ? "PARTIALLY_REFUNDED" : status;
}

export function TransactionStatusBadge({ transaction, className }: { transaction: Shown; className?: string }) {
  return <StatusBadge styles={SHOWN} status={shownStatus(transaction)} className={className} />;
}

export const CHANNEL_OPTIONS = CHANNELS.map(({ value, label }) => ({ value, label }));

/** How it was paid ("Card", "Bank transfer"; one formatter, lib/payments/channels.ts), or an em dash. */
export function paymentMethodLine(channel: string | null, paymentMethod: string | null): string {
  return paymentMethodName(channel, paymentMethod) ?? "—";
}

/** "from ADAEZE OKAFOR, Guaranty Trust Bank" for a bank transfer (what the processor told us of it), else null. */
export function senderLine(t: { senderName: string | null; senderBank: string | null }): string | null {
  const parts = [t.senderName?.trim(), t.senderBank?.trim()].filter(Boolean);
  return parts.length > 0 ? `from ${parts.join(", ")}` : null;
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
