// The write side of customers: one row per merchant, mode and lower-cased e-mail, kept up to date
// as payments complete. Counters move with a single INSERT … ON CONFLICT DO UPDATE, so concurrent
// completions for a customer never seen before still give one row with every payment counted.
import type { Tx } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";

type CompletedPayment = Pick<Transaction, "id" | "merchantId" | "environment" | "customerEmail" | "customerName" | "amount">;

// Timestamps go in as UTC ISO text cast to timestamp, like Prisma stores them (the columns have no
// zone, so the database's now() would follow the server's time zone instead).
const iso = (date: Date) => date.toISOString();

/**
 * Counts a completed payment on its customer (made on the first one) and links the transaction to
 * it. Runs inside the settlement's database transaction, so both commit with the completion.
 * totalPaid is what was paid (refunds do not lower it), as the migration's backfill counted it.
 */
export async function recordCustomerPayment(tx: Tx, t: CompletedPayment, paidAt: Date): Promise<void> {
  const name = t.customerName?.trim() || null;
  const now = iso(new Date());
  await tx.$executeRaw`
    WITH customer AS (
      INSERT INTO "Customer" ("id", "merchantId", "environment", "email", "name", "totalPaid", "paymentCount", "firstPaymentAt", "lastPaymentAt", "createdAt", "updatedAt")
      VALUES (gen_random_uuid(), ${t.merchantId}::uuid, ${t.environment}::"Environment", lower(${t.customerEmail}), ${name}, ${t.amount}::bigint, 1,
              ${iso(paidAt)}::timestamp, ${iso(paidAt)}::timestamp, ${now}::timestamp, ${now}::timestamp)
      ON CONFLICT ("merchantId", "environment", "email") DO UPDATE SET
        "totalPaid" = "Customer"."totalPaid" + EXCLUDED."totalPaid",
        "paymentCount" = "Customer"."paymentCount" + 1,
        "firstPaymentAt" = LEAST("Customer"."firstPaymentAt", EXCLUDED."firstPaymentAt"),
        "lastPaymentAt" = GREATEST("Customer"."lastPaymentAt", EXCLUDED."lastPaymentAt"),
        -- The name fills in when known; the latest payment's name wins (people fix typos).
        "name" = CASE
          WHEN EXCLUDED."name" IS NOT NULL AND ("Customer"."name" IS NULL OR EXCLUDED."lastPaymentAt" >= "Customer"."lastPaymentAt") THEN EXCLUDED."name"
          ELSE "Customer"."name" END,
        "updatedAt" = EXCLUDED."updatedAt"
      RETURNING "id"
    )
    UPDATE "Transaction" SET "customerId" = (SELECT "id" FROM customer) WHERE "id" = ${t.id}::uuid`;
}

/**
 * A card check (a subscription's trial or card update) names its customer without counting it as a
 * payment: the customer row is made if needed (the subscription needs it) and the check linked to it.
 */
export async function recordCardCheckCustomer(tx: Tx, t: CompletedPayment): Promise<void> {
  const name = t.customerName?.trim() || null;
  const now = iso(new Date());
  await tx.$executeRaw`
    WITH customer AS (
      INSERT INTO "Customer" ("id", "merchantId", "environment", "email", "name", "createdAt", "updatedAt")
      VALUES (gen_random_uuid(), ${t.merchantId}::uuid, ${t.environment}::"Environment", lower(${t.customerEmail}), ${name}, ${now}::timestamp, ${now}::timestamp)
      ON CONFLICT ("merchantId", "environment", "email") DO UPDATE SET "name" = COALESCE("Customer"."name", EXCLUDED."name")
      RETURNING "id"
    )
    UPDATE "Transaction" SET "customerId" = (SELECT "id" FROM customer) WHERE "id" = ${t.id}::uuid`;
}

/**
 * Recomputes a merchant's customers from its completed payments (both modes), exactly as the
 * migration's backfill did: for data written straight into the database (the demo seed) or a repair.
 */
export async function rebuildCustomers(tx: Tx, merchantId: string): Promise<number> {
  const now = iso(new Date());
  const rows = await tx.$executeRaw`
    INSERT INTO "Customer" ("id", "merchantId", "environment", "email", "name", "totalPaid", "paymentCount", "firstPaymentAt", "lastPaymentAt", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), t."merchantId", t."environment", lower(t."customerEmail"),
           (array_agg(t."customerName" ORDER BY t."completedAt" DESC) FILTER (WHERE t."customerName" IS NOT NULL))[1],
           SUM(t."amount"), COUNT(*)::int, MIN(t."completedAt"), MAX(t."completedAt"), ${now}::timestamp, ${now}::timestamp
    FROM "Transaction" t
    WHERE t."merchantId" = ${merchantId}::uuid AND t."status" IN ('COMPLETED', 'REFUNDED')
    GROUP BY t."merchantId", t."environment", lower(t."customerEmail")
    ON CONFLICT ("merchantId", "environment", "email") DO UPDATE SET
      "name" = EXCLUDED."name", "totalPaid" = EXCLUDED."totalPaid", "paymentCount" = EXCLUDED."paymentCount",
      "firstPaymentAt" = EXCLUDED."firstPaymentAt", "lastPaymentAt" = EXCLUDED."lastPaymentAt", "updatedAt" = EXCLUDED."updatedAt"`;
  await tx.$executeRaw`
    UPDATE "Transaction" t SET "customerId" = c."id"
    FROM "Customer" c
    WHERE t."merchantId" = ${merchantId}::uuid AND t."status" IN ('COMPLETED', 'REFUNDED')
      AND c."merchantId" = t."merchantId" AND c."environment" = t."environment" AND c."email" = lower(t."customerEmail")
      AND t."customerId" IS DISTINCT FROM c."id"`;
  return rows;
}
