// Shared presentation for plans (server and client safe).
import { StatusBadge, type StatusStyles } from "@/components/ui/status-badge";
import { intervalEvery, type IntervalValue } from "@/lib/subscriptions/form";
import { formatNaira } from "@/lib/utils";

export const PLANS_PATH = "/dashboard/plans";

const STATUS = {
  active: { label: "Active", variant: "success" },
  inactive: { label: "Turned off", variant: "neutral" },
} satisfies StatusStyles;

export function PlanStatusBadge({ active, className }: { active: boolean; className?: string }) {
  return <StatusBadge styles={STATUS} status={active ? "active" : "inactive"} className={className} />;
}

/** "₦15,000.00 every month". */
export function planPriceLabel(plan: { amount: bigint | number | string; interval: IntervalValue }): string {
  return `${formatNaira(Number(plan.amount))} every ${intervalEvery(plan.interval)}`;
}

/** "14-day free trial", or null without one. */
export function trialLabel(trialDays: number): string | null {
  return trialDays > 0 ? `${trialDays}-day free trial` : null;
}

/** The plan's hosted page, where customers subscribe. */
export function subscribeUrl(appUrl: string, planId: string): string {
  return `${appUrl}/subscribe/${planId}`;
}
