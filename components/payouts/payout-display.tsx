// Shared presentation for payouts and settlement accounts: status badges and masked account numbers.
// No client code: usable from server components and client components alike.
import { StatusBadge, statusLabelIn, type StatusStyles } from "@/components/ui/status-badge";

const STATUS: StatusStyles = {
  paid: { label: "Paid", variant: "success" },
  pending: { label: "Pending", variant: "warning" },
  processing: { label: "Processing", variant: "info" },
  failed: { label: "Failed", variant: "destructive" },
};

export function payoutStatusLabel(status: string): string {
  return statusLabelIn(STATUS, status);
}

export function PayoutStatusBadge({ status, className }: { status: string; className?: string }) {
  return <StatusBadge styles={STATUS} status={status} className={className} />;
}

/** "••••6789", with the dots hidden from screen readers, which read "ending 6789" instead. */
export function MaskedAccountNumber({ last4, className }: { last4: string | null | undefined; className?: string }) {
  if (!last4) return <span className={className}>—</span>;
  return (
    <span className={className}>
      <span aria-hidden="true" className="font-mono tracking-wider">
        ••••{last4}
      </span>
      <span className="sr-only">account ending {last4}</span>
    </span>
  );
}

/** "Access Bank ••••6789", or "—" when the payout does not say where it went. */
export function PayoutBank({ bankName, last4 }: { bankName: string | null; last4: string | null }) {
  if (!bankName && !last4) return <span className="text-muted-foreground">—</span>;
  return (
    <span>
      {bankName ?? "Bank account"} <MaskedAccountNumber last4={last4} />
    </span>
  );
}

const lagosDate = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "short", year: "numeric" });

/** "24 Nov 2026" in Lagos time: the day a payout reached the bank. */
export function LagosDate({ value, className }: { value: Date | string; className?: string }) {
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    <time dateTime={date.toISOString()} className={className}>
      {lagosDate.format(date)}
    </time>
  );
}
