// Shared presentation for subscriptions (server and client safe).
import { StatusBadge, type StatusStyles } from "@/components/ui/status-badge";
import type { SubscriptionStatus } from "@/lib/db/generated/enums";

export const SUBSCRIPTIONS_PATH = "/dashboard/subscriptions";

const STATUS = {
  trialing: { label: "Trial", variant: "info" },
  active: { label: "Active", variant: "success" },
  past_due: { label: "Past due", variant: "warning" },
  unpaid: { label: "Unpaid", variant: "destructive" },
  canceled: { label: "Canceled", variant: "neutral" },
} satisfies Record<SubscriptionStatus, StatusStyles[string]>;

/** The subscription statuses, as the schema defines them. */
export type SubscriptionStatusName = SubscriptionStatus;

export const SUBSCRIPTION_STATUS_OPTIONS = (Object.keys(STATUS) as SubscriptionStatusName[]).map((value) => ({ value, label: STATUS[value].label }));

/** What each status means, for the detail page. */
export const STATUS_NOTE: Record<SubscriptionStatusName, string> = {
  trialing: "In its free trial: the card is first charged when the trial ends.",
  active: "Paid up: the saved card is charged at the start of each period.",
  past_due: "The latest renewal failed. It is retried on your retry schedule, and the customer was e-mailed a link to pay or update their card.",
  unpaid: "Every retry failed. Nothing more is charged; the customer can still pay the open period from their link.",
  canceled: "Ended: nothing more is charged.",
};

export function SubscriptionStatusBadge({ status, className }: { status: string; className?: string }) {
  return <StatusBadge styles={STATUS} status={status} className={className} />;
}

/** "Visa •••• 4081 · 12/30", or "—" without a card's details. */
export function cardLabel(card: { brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null }): string {
  if (!card.last4) return "—";
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card";
  const expiry = card.expMonth && card.expYear ? ` · ${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}` : "";
  return `${brand} •••• ${card.last4}${expiry}`;
}
