import { Badge, type BadgeProps } from "@/components/ui/badge";

/** Each status's words and colour, e.g. `{ PAID: { label: "Paid", variant: "success" } }`. */
export type StatusStyles = Record<string, { label: string; variant: NonNullable<BadgeProps["variant"]> }>;

/** A status's words; one the table does not know (e.g. a new processor status) shows capitalised. */
export function statusLabelIn(styles: StatusStyles, status: string): string {
  return styles[status]?.label ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** A record's status as a dotted badge, from its resource's table (an unknown status is neutral). */
export function StatusBadge({ styles, status, className }: { styles: StatusStyles; status: string; className?: string }) {
  return (
    <Badge variant={styles[status]?.variant ?? "neutral"} dot className={className}>
      {statusLabelIn(styles, status)}
    </Badge>
  );
}
