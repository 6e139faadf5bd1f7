-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "dailySummary" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "notifyPayments" BOOLEAN;

-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "customerId" UUID;

-- CreateTable
CREATE TABLE "Refund" (
    "id" UUID NOT NULL,
    "transactionId" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "amount" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "processorRefundId" TEXT,
    "reason" TEXT,
    "requestedByUserId" UUID,
    "requestedByApiKey" TEXT,
    "failureReason" TEXT,
    "processedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Customer" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "totalPaid" BIGINT NOT NULL DEFAULT 0,
    "paymentCount" INTEGER NOT NULL DEFAULT 0,
    "firstPaymentAt" TIMESTAMP(3),
    "lastPaymentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MerchantLogo" (
    "merchantId" UUID NOT NULL,
    "contentType" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "etag" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MerchantLogo_pkey" PRIMARY KEY ("merchantId")
);

-- CreateIndex
CREATE INDEX "Refund_transactionId_idx" ON "Refund"("transactionId");

-- CreateIndex
CREATE INDEX "Refund_merchantId_environment_createdAt_idx" ON "Refund"("merchantId", "environment", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Refund_processorRefundId_idx" ON "Refund"("processorRefundId");

-- CreateIndex
CREATE INDEX "Customer_merchantId_environment_lastPaymentAt_idx" ON "Customer"("merchantId", "environment", "lastPaymentAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Customer_merchantId_environment_email_key" ON "Customer"("merchantId", "environment", "email");

-- CreateIndex
CREATE INDEX "Transaction_customerId_createdAt_idx" ON "Transaction"("customerId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "Transaction" ADD CONSTRAINT "Transaction_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "Transaction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MerchantLogo" ADD CONSTRAINT "MerchantLogo_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: customers from the payments completed so far (one per merchant, mode and e-mail).
INSERT INTO "Customer" ("id", "merchantId", "environment", "email", "name", "totalPaid", "paymentCount", "firstPaymentAt", "lastPaymentAt", "createdAt", "updatedAt")
SELECT gen_random_uuid(), t."merchantId", t."environment", lower(t."customerEmail"),
       (array_agg(t."customerName" ORDER BY t."completedAt" DESC) FILTER (WHERE t."customerName" IS NOT NULL))[1],
       SUM(t."amount"), COUNT(*)::int, MIN(t."completedAt"), MAX(t."completedAt"), now(), now()
FROM "Transaction" t
WHERE t."status" IN ('COMPLETED', 'REFUNDED')
GROUP BY t."merchantId", t."environment", lower(t."customerEmail");

UPDATE "Transaction" t SET "customerId" = c."id"
FROM "Customer" c
WHERE t."status" IN ('COMPLETED', 'REFUNDED') AND c."merchantId" = t."merchantId" AND c."environment" = t."environment" AND c."email" = lower(t."customerEmail");

-- Backfill: refunds, which were only recorded as transaction.refunded events until now.
INSERT INTO "Refund" ("id", "transactionId", "merchantId", "environment", "amount", "status", "processorRefundId", "reason", "processedAt", "createdAt", "updatedAt")
SELECT gen_random_uuid(), t."id", e."merchantId", e."environment", (e."payload"->'refund'->>'amount')::bigint,
       CASE WHEN e."payload"->'refund'->>'status' = 'processed' THEN 'processed' ELSE 'pending' END,
       e."payload"->'refund'->>'id', e."payload"->'refund'->>'reason',
       CASE WHEN e."payload"->'refund'->>'status' = 'processed' THEN e."createdAt" END, e."createdAt", e."createdAt"
FROM "Event" e
JOIN "Transaction" t ON t."id" = (e."payload"->>'id')::uuid
WHERE e."type" = 'transaction.refunded' AND e."payload"->'refund'->>'amount' ~ '^[0-9]+$';
