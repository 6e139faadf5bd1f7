// Shared presentation for payment links (server and client safe).
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { formatNaira } from "@/lib/utils";

export type LinkAvailabilityName = "available" | "inactive" | "expired" | "full";

const STATUS: Record<LinkAvailabilityName, { label: string; variant: NonNullable<BadgeProps["variant"]> }> = {
  available: { label: "Active", variant: "success" },
  inactive: { label: "Inactive", variant: "neutral" },
  expired: { label: "Expired", variant: "warning" },
  full: { label: "Limit reached", variant: "info" },
};

export function LinkStatusBadge({ availability, className }: { availability: LinkAvailabilityName; className?: string }) {
  const entry = STATUS[availability];
  return (
    <Badge variant={entry.variant} dot className={className}>
      {entry.label}
    </Badge>
  );
}

/** "₦5,000.00" or "Customer sets amount". */
export function linkAmountLabel(amount: bigint | number | null): string {
  return amount === null ? "Customer sets amount" : formatNaira(Number(amount));
}

export function payUrl(appUrl: string, slug: string): string {
  return `${appUrl}/pay/${slug}`;
}
