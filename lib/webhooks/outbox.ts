import type { Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";

/** Outbound event types. The delivery side subscribes endpoints to these names. */
export const EVENT_TYPES = [
  "transaction.completed",
  "transaction.failed",
  "transaction.abandoned",
  "transaction.refunded",
  "refund.processed",
  "refund.failed",
  "invoice.sent",
  "invoice.paid",
  "invoice.partially_paid",
  "invoice.overdue",
  "payment-link.visited",
  "payout.paid",
  "subscription.created",
  "subscription.renewed",
  "subscription.payment_failed",
  "subscription.past_due",
  "subscription.canceled",
  "customer.balance_changed",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

type OutboxEvent = { merchantId: string; environment: Environment; type: EventType; data: Record<string, unknown> };

/**
 * Writes an event to the outbox inside the caller's database transaction, so it exists exactly
 * when the change it describes does. Delivery picks it up from there.
 */
export async function recordEvent(tx: Tx, event: OutboxEvent) {
  return tx.event.create({ data: outboxRow(event) });
}

/** The outbox row for an event (for a batch `$transaction([...])`, where recordEvent cannot go). */
export function outboxRow(event: OutboxEvent) {
  // JSON round trip: BigInt kobo become numbers, Dates become ISO strings.
  const payload = JSON.parse(JSON.stringify(event.data, (_k, v) => (typeof v === "bigint" ? Number(v) : v)));
  return { merchantId: event.merchantId, environment: event.environment, type: event.type, payload };
}
