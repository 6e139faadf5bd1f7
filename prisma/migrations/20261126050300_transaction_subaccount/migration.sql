-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "subaccountCode" TEXT;

-- Backfill: the subaccount each existing charge carried. The sandbox kept it on its own charge record.
UPDATE "Transaction" t SET "subaccountCode" = c."subaccountCode"
FROM "SandboxCharge" c
WHERE t.processor = 'sandbox' AND c.reference = t.reference AND c."subaccountCode" IS NOT NULL;

-- Paystack and Flutterwave: every payment carried the merchant's subaccount at that processor and mode
-- once it existed (live payments need one), and codes never change once made.
UPDATE "Transaction" t SET "subaccountCode" = s.code
FROM "ProcessorSubaccount" s
WHERE t.processor <> 'sandbox' AND t."subaccountCode" IS NULL
  AND s."merchantId" = t."merchantId" AND s.processor = t.processor AND s.environment = t.environment
  AND s."createdAt" <= t."createdAt";
