// How the customer's pages (/subscribe, /billing) word a plan's price and a trial. No server code.
import type { PlanInterval } from "@/lib/db/generated/enums";
import { formatNaira } from "@/lib/utils";

const PER: Record<PlanInterval, string> = { daily: "day", weekly: "week", monthly: "month", quarterly: "quarter", annually: "year" };
const EVERY: Record<PlanInterval, string> = {
  daily: "every day",
  weekly: "every week",
  monthly: "every month",
  quarterly: "every 3 months",
  annually: "every year",
};

/** 500000 -> "₦5,000"; 250050 -> "₦2,500.50": whole naira without the kobo. */
export const naira = (kobo: bigint) => formatNaira(Number(kobo)).replace(/\.00$/, "");

/** "₦5,000 / month". */
export const pricePerInterval = (amount: bigint, interval: PlanInterval) => `${naira(amount)} / ${PER[interval]}`;

/** "every month". */
export const everyInterval = (interval: PlanInterval) => EVERY[interval];

/** "7 days free, then ₦5,000 / month. We check your card with ₦50, refunded at once." */
export function trialText(plan: { amount: bigint; interval: PlanInterval; trialDays: number }, cardCheck: bigint): string {
  const days = plan.trialDays === 1 ? "1 day" : `${plan.trialDays} days`;
  return `${days} free, then ${pricePerInterval(plan.amount, plan.interval)}. We check your card with ${naira(cardCheck)}, refunded at once.`;
}
