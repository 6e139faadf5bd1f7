// A subscription's periods and the fixed reference of each period's renewal. Every period is counted
// from the billing anchor (the first paid period's start), so a renewal never drifts.
import type { Subscription, Transaction } from "@/lib/db/generated/client";
import { addPeriods } from "./intervals";

type Periodic = Pick<Subscription, "interval" | "period" | "billingAnchor" | "currentPeriodStart" | "currentPeriodEnd">;

/** Period `period`'s start and end (period >= 1). */
export function periodBounds(s: Periodic, period: number): { start: Date; end: Date } {
  if (s.billingAnchor) return { start: addPeriods(s.billingAnchor, s.interval, period - 1), end: addPeriods(s.billingAnchor, s.interval, period) };
  // A row made without an anchor (not by the engine): counted on from the period it serves.
  const from = s.period >= 1 ? s.currentPeriodStart : s.currentPeriodEnd;
  const offset = period - Math.max(s.period, 1);
  return { start: addPeriods(from, s.interval, offset), end: addPeriods(from, s.interval, offset + 1) };
}

/** `SUB{period}-{13-digit ms of createdAt}-{first 8 of the id}`: one reference per period, whoever charges it and however often. */
export function renewalReference(s: Pick<Subscription, "id" | "createdAt">, period: number): string {
  return `SUB${period}-${String(s.createdAt.getTime()).padStart(13, "0")}-${s.id.replaceAll("-", "").slice(0, 8).toLowerCase()}`;
}

/**
 * A renewal: the Transaction the engine made for a period. It stays PENDING while it is tried, so
 * only the engine (and the customer's pay-now) ends it: a processor's decline or the reconciliation
 * never does. A PENDING transaction with a period is always one (the first payment and a trial's
 * card check get theirs when they complete).
 */
export const isRenewal = (t: Pick<Transaction, "subscriptionId" | "subscriptionPeriod" | "cardCheck">) =>
  t.subscriptionId !== null && t.subscriptionPeriod !== null && !t.cardCheck;
