// Reading and changing one subscription inside a database transaction. Every change to a
// subscription takes its row lock first, after the lock of the Transaction it concerns (the order
// settle.ts takes them in), so a settlement and a renewal run never interleave or deadlock.
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { SubscriptionStatus } from "@/lib/db/generated/enums";
import { recordEvent } from "@/lib/webhooks/outbox";
import { toSubscriptionResponse, type SubscriptionWithCustomer } from "./serializers";

/** Subscriptions the renewal job charges when nextChargeAt comes (unpaid waits for the customer; canceled is over). */
export const DUE_STATUSES: SubscriptionStatus[] = ["trialing", "active", "past_due"];

/** The subscription, locked for the rest of the caller's transaction; null if it is gone. */
export async function lockSubscription(tx: Tx, id: string): Promise<SubscriptionWithCustomer | null> {
  await tx.$executeRaw`SELECT 1 FROM "Subscription" WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.subscription.findUnique({ where: { id }, include: { customer: { select: { id: true, email: true, name: true } } } });
}

/** Locks a renewal's Transaction and then its subscription (settle.ts's order). */
export async function lockRenewal(tx: Tx, transactionId: string, subscriptionId: string) {
  await tx.$executeRaw`SELECT 1 FROM "Transaction" WHERE id = ${transactionId}::uuid FOR UPDATE`;
  const transaction = await tx.transaction.findUniqueOrThrow({ where: { id: transactionId } });
  return { transaction, subscription: await lockSubscription(tx, subscriptionId) };
}

/** Updates the locked subscription and answers it as it is now. */
export async function updateSubscription(
  tx: Tx,
  s: SubscriptionWithCustomer,
  data: Prisma.SubscriptionUncheckedUpdateInput,
): Promise<SubscriptionWithCustomer> {
  const updated = await tx.subscription.update({ where: { id: s.id }, data });
  return { ...updated, customer: s.customer };
}

type SubscriptionEvent =
  | { type: "subscription.created" | "subscription.past_due" | "subscription.canceled" }
  | { type: "subscription.renewed"; transactionId: string; reference: string }
  | { type: "subscription.payment_failed"; transactionId: string; reference: string; failureReason: string | null; willRetry: boolean };

/** The event, with the subscription as it is now (lib/webhooks/event-schemas.ts). */
export async function recordSubscriptionEvent(tx: Tx, s: SubscriptionWithCustomer, event: SubscriptionEvent): Promise<void> {
  const { type, ...extra } = event;
  await recordEvent(tx, { merchantId: s.merchantId, environment: s.environment, type, data: { ...toSubscriptionResponse(s), ...extra } });
}
