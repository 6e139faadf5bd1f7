// The common success webhook (a plain or payment-link payment, paid through its open checkout) in
// one read and one statement instead of ~20 awaited statements in a Prisma transaction (issue 29).
// Its effects are settle.ts's, row for row; anything else takes settle.ts's path.
import { hotQuery } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import type { Environment } from "@/lib/db/generated/enums";
import { log } from "@/lib/log";
import { outboxRow } from "@/lib/webhooks/outbox";
import { customerEmailLimit, outboundEmailRow, suppression } from "@/lib/email/queue";
import type { EmailJob } from "@/lib/email/job";
import { PAYMENT_RECIPIENTS_SQL } from "@/lib/notifications/service";
import type { ChargeDetails, ProcessorName } from "@/lib/processors/types";
import type { ChargeAttempt, LocatedCharge } from "./attempts";
import { describeMismatch, LINK_FULL_REASON } from "./settle";
import { sourcesOf } from "./state";
import { toTransactionResponse } from "./serializers";

export type LocatedForCompletion = LocatedCharge & { ownerVerified: boolean };

type ChargeRow = Transaction & {
  attemptId: string | null;
  attemptProcessor: ProcessorName | null;
  attemptReference: string | null;
  attemptOutcome: ChargeAttempt["outcome"] | null;
  attemptSubaccountCode: string | null;
  ownerVerified: boolean;
};

/** locateCharge (attempts.ts) in one prepared statement, with whether the business's owner is verified (receipts need it). */
export async function locateChargeForCompletion(processor: ProcessorName, reference: string): Promise<LocatedForCompletion> {
  const [row] = await hotQuery<ChargeRow>(
    "locate-charge",
    `WITH a AS (SELECT * FROM "PaymentAttempt" WHERE processor = $1::"Processor" AND reference = $2 AND outcome IN ('started', 'superseded') LIMIT 1)
     SELECT t.*, a.id AS "attemptId", a.processor AS "attemptProcessor", a.reference AS "attemptReference", a.outcome AS "attemptOutcome",
            a."subaccountCode" AS "attemptSubaccountCode", u."isEmailVerified" AS "ownerVerified"
     FROM "Transaction" t JOIN "Merchant" m ON m.id = t."merchantId" JOIN "User" u ON u.id = m."ownerId" LEFT JOIN a ON a."transactionId" = t.id
     WHERE CASE WHEN EXISTS (SELECT 1 FROM a) THEN t.id = (SELECT "transactionId" FROM a) ELSE t.reference = $2 END`,
    [processor, reference],
  );
  if (!row) return { transaction: null, attempt: null, ownerVerified: false };
  const { attemptId, attemptProcessor, attemptReference, attemptOutcome, attemptSubaccountCode, ownerVerified, ...transaction } = row;
  const attempt =
    attemptId && attemptProcessor && attemptReference && attemptOutcome
      ? { id: attemptId, processor: attemptProcessor, reference: attemptReference, outcome: attemptOutcome, subaccountCode: attemptSubaccountCode }
      : null;
  return { transaction, attempt, ownerVerified };
}

/**
 * Whether this event may take the one-statement completion: a matching success through the open
 * checkout of a plain or link payment, in its own mode. Card checks, invoices, transfers, subscriptions
 * and superseded checkouts have more rules (settle.ts, attempt-settlement.ts).
 */
export function completesInOneStatement(located: LocatedCharge, charge: ChargeDetails | null, processor: ProcessorName, mode: Environment | null): boolean {
  const t = located.transaction;
  if (!t || !charge || charge.status !== "success") return false;
  if (located.attempt ? located.attempt.outcome !== "started" : t.processor !== processor) return false;
  if (mode !== null && t.environment !== mode) return false;
  if (t.cardCheck || t.invoiceId || t.virtualAccountId || t.planId || t.subscriptionId) return false;
  return describeMismatch(t, charge) === null;
}

type StoredEvent = { processor: ProcessorName; externalId: string; eventType: string; payload: unknown };

/**
 * completed: done, with `surplus` when the link was already full (flagged for an automatic refund);
 * duplicate: this event was stored before; null: the transaction is no longer completable by this
 * charge (settled, or its checkout replaced), and settle.ts's path decides, having changed nothing.
 */
export type OneStatementOutcome = { outcome: "completed"; surplus: boolean } | { outcome: "duplicate" } | null;

// Ordered so that each effect waits on the one before: the row lock (PostgreSQL rechecks the status
// on the newest row after waiting, so concurrent deliveries complete once), then the event (a
// redelivery stops there), the customer (as recordCustomerPayment), the link's count (its cap holds
// as in recordLinkPayment), the transaction, its outbox event and e-mails: settle.ts's lock order.
const COMPLETE_SQL = `
WITH locked AS (
  SELECT id FROM "Transaction"
  WHERE id = $1::uuid AND status = ANY($2::"TransactionStatus"[]) AND "chargeReference" IS NOT DISTINCT FROM $3
  FOR UPDATE
), stored AS (
  INSERT INTO "ProcessorEvent" (id, processor, "externalId", "eventType", "transactionId", payload, outcome, "createdAt")
  SELECT gen_random_uuid(), $4::"Processor", $5, $6, $1::uuid, $7::jsonb, 'completed', $8::timestamp FROM locked
  ON CONFLICT (processor, "externalId") DO NOTHING
  RETURNING id
), customer AS (
  INSERT INTO "Customer" (id, "merchantId", environment, email, name, "totalPaid", "paymentCount", "firstPaymentAt", "lastPaymentAt", "createdAt", "updatedAt")
  SELECT gen_random_uuid(), $10::uuid, $11::"Environment", lower($12), $13, $14::bigint, 1, $15::timestamp, $15::timestamp, $8::timestamp, $8::timestamp FROM stored
  ON CONFLICT ("merchantId", environment, email) DO UPDATE SET
    "totalPaid" = "Customer"."totalPaid" + EXCLUDED."totalPaid",
    "paymentCount" = "Customer"."paymentCount" + 1,
    "firstPaymentAt" = LEAST("Customer"."firstPaymentAt", EXCLUDED."firstPaymentAt"),
    "lastPaymentAt" = GREATEST("Customer"."lastPaymentAt", EXCLUDED."lastPaymentAt"),
    name = CASE
      WHEN EXCLUDED.name IS NOT NULL AND ("Customer".name IS NULL OR EXCLUDED."lastPaymentAt" >= "Customer"."lastPaymentAt") THEN EXCLUDED.name
      ELSE "Customer".name END,
    "updatedAt" = EXCLUDED."updatedAt"
  RETURNING id
), counted AS (
  UPDATE "PaymentLink"
  SET "completedPayments" = "completedPayments" + 1,
      "isActive" = CASE WHEN NOT "isReusable" OR "completedPayments" + 1 >= COALESCE("maxPayments", 2147483647) THEN false ELSE "isActive" END,
      "updatedAt" = now()
  WHERE id = $9::uuid AND EXISTS (SELECT 1 FROM customer)
    AND "completedPayments" < CASE WHEN "isReusable" THEN COALESCE("maxPayments", 2147483647) ELSE LEAST(1, COALESCE("maxPayments", 1)) END
  RETURNING id
), full_link AS (
  SELECT $9::uuid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM counted) AS surplus
), completed AS (
  UPDATE "Transaction"
  SET status = 'COMPLETED', fee = $16::bigint, "paymentMethod" = $17, "processorReference" = $18, "completedAt" = $15::timestamp,
      "failureReason" = NULL, "customerId" = (SELECT id FROM customer), "updatedAt" = $8::timestamp,
      "flaggedReason" = CASE WHEN (SELECT surplus FROM full_link) THEN $19 ELSE "flaggedReason" END,
      "autoRefundDueAt" = CASE WHEN (SELECT surplus FROM full_link) THEN $8::timestamp ELSE "autoRefundDueAt" END
  WHERE id = $1::uuid AND EXISTS (SELECT 1 FROM stored)
  RETURNING (SELECT surplus FROM full_link) AS surplus
), outbox AS (
  INSERT INTO "Event" (id, "merchantId", environment, type, payload, "createdAt")
  SELECT gen_random_uuid(), $10::uuid, $11::"Environment", $20, $21::jsonb, $8::timestamp FROM completed
), receipt AS (
  INSERT INTO "OutboundEmail" (id, kind, payload, "merchantId", "transactionId", status, reason, attempts, "nextAttemptAt", "createdAt")
  SELECT gen_random_uuid(), $22, $23::jsonb, $10::uuid, $1::uuid, $24::"OutboundEmailStatus", $25, 0, $8::timestamp, $8::timestamp
  FROM completed WHERE NOT completed.surplus
), notices AS (
  INSERT INTO "OutboundEmail" (id, kind, payload, "merchantId", "transactionId", status, reason, attempts, "nextAttemptAt", "createdAt")
  SELECT gen_random_uuid(), 'payment-received', jsonb_build_object('kind', 'payment-received', 'transactionId', $1::text, 'userId', r."userId"),
         $10::uuid, $1::uuid, 'QUEUED', NULL, 0, $8::timestamp, $8::timestamp
  FROM completed, (${PAYMENT_RECIPIENTS_SQL} AND m."merchantId" = $10::uuid) r WHERE NOT completed.surplus
)
SELECT (SELECT count(*) FROM locked)::int AS locked, (SELECT count(*) FROM stored)::int AS stored, (SELECT surplus FROM completed) AS surplus`;

/** Completes `t` from `charge` as settle.ts's complete() does, in one statement (see completesInOneStatement for when). */
export async function completeInOneStatement(located: LocatedForCompletion, charge: ChargeDetails, event: StoredEvent): Promise<OneStatementOutcome> {
  const t = located.transaction!;
  const now = new Date();
  const completedAt = charge.paidAt ?? now;
  const completed = { ...t, status: "COMPLETED" as const, fee: charge.fee, paymentMethod: charge.paymentMethod, completedAt };
  const outbox = outboxRow({ merchantId: t.merchantId, environment: t.environment, type: "transaction.completed", data: toTransactionResponse(completed) });
  const job: EmailJob = { kind: "receipt", transactionId: t.id };
  const sender = { merchantId: t.merchantId, transactionId: t.id, environment: t.environment, ownerVerified: located.ownerVerified };
  // Spent now (the receipt's status is written in the statement), given back if no receipt is written.
  const reason = await suppression(job, sender);
  const receipt = outboundEmailRow(job, sender, reason);

  const [row] = await hotQuery<{ locked: number; stored: number; surplus: boolean | null }>("complete-payment", COMPLETE_SQL, [
    t.id,
    sourcesOf("COMPLETED"),
    t.chargeReference,
    event.processor,
    event.externalId,
    event.eventType,
    JSON.stringify(event.payload),
    now.toISOString(),
    t.paymentLinkId,
    t.merchantId,
    t.environment,
    t.customerEmail,
    t.customerName?.trim() || null,
    t.amount.toString(),
    completedAt.toISOString(),
    charge.fee.toString(),
    charge.paymentMethod,
    charge.processorTransactionId ?? t.processorReference,
    LINK_FULL_REASON,
    outbox.type,
    JSON.stringify(outbox.payload),
    receipt.kind,
    JSON.stringify(receipt.payload),
    receipt.status,
    receipt.reason,
  ]);
  const wroteReceipt = row!.surplus === false;
  if (!reason && !wroteReceipt) await customerEmailLimit(t.environment).refund(t.merchantId);
  if (reason && wroteReceipt) log.info({ kind: job.kind, merchantId: t.merchantId, reason }, "e-mail suppressed");
  if (row!.locked === 0) return null;
  if (row!.stored === 0) return { outcome: "duplicate" };
  return { outcome: "completed", surplus: row!.surplus === true };
}
