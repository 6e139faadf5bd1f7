// Shared presentation for payment links (server and client safe).
import { StatusBadge, type StatusStyles } from "@/components/ui/status-badge";
import type { LinkAvailability } from "@/lib/links/service";
import { formatNaira } from "@/lib/utils";

const STATUS = {
  available: { label: "Active", variant: "success" },
  inactive: { label: "Turned off", variant: "neutral" },
  expired: { label: "Expired", variant: "warning" },
  full: { label: "Limit reached", variant: "info" },
  paid: { label: "Paid", variant: "info" },
} satisfies Record<LinkAvailability, StatusStyles[string]>;

/** Why a link takes no payments, in the dashboard's words (and what the customer is told). */
export const AVAILABILITY_NOTE: Record<Exclude<LinkAvailability, "available">, string> = {
  paid: "This single-payment link has been paid, so it takes no more payments. Customers who open it are told it was already paid.",
  full: "This link has taken its maximum number of payments. Customers who open it are told it was already paid. Edit it to raise the limit.",
  expired: "This link has expired. Customers who open it are told it expired. Edit it to set a later expiry.",
  inactive: "This link is turned off. Customers who open it are told you turned it off. Activate it to take payments again.",
};

export function LinkStatusBadge({ availability, className }: { availability: LinkAvailability; className?: string }) {
  return <StatusBadge styles={STATUS} status={availability} className={className} />;
}

/** "₦5,000.00" or "Customer sets amount". */
export function linkAmountLabel(amount: bigint | number | null): string {
  return amount === null ? "Customer sets amount" : formatNaira(Number(amount));
}

export function payUrl(appUrl: string, slug: string): string {
  return `${appUrl}/pay/${slug}`;
}
