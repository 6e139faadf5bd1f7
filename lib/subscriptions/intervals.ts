// Billing periods. Calendar arithmetic in UTC: a month after 31 January is the last day of February
// (never 3 March), and each period is counted from the subscription's anchor, so a short month does
// not pull every later renewal earlier.
import type { PlanInterval } from "@/lib/db/generated/enums";

const MONTHS: Partial<Record<PlanInterval, number>> = { monthly: 1, quarterly: 3, annually: 12 };
const DAYS: Partial<Record<PlanInterval, number>> = { daily: 1, weekly: 7 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** `anchor` plus `periods` intervals. */
export function addPeriods(anchor: Date, interval: PlanInterval, periods: number): Date {
  const days = DAYS[interval];
  if (days !== undefined) return new Date(anchor.getTime() + periods * days * DAY_MS);
  const months = MONTHS[interval]! * periods;
  const target = new Date(anchor.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return target;
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** A period's amount as a monthly amount (kobo, rounded down), for monthly recurring revenue. */
export function monthlyAmount(amount: bigint, interval: PlanInterval): bigint {
  switch (interval) {
    case "daily":
      return (amount * 365n) / 12n;
    case "weekly":
      return (amount * 52n) / 12n;
    case "monthly":
      return amount;
    case "quarterly":
      return amount / 3n;
    case "annually":
      return amount / 12n;
  }
}
