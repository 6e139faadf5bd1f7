-- CreateEnum
CREATE TYPE "AllocationKind" AS ENUM ('payment', 'credit', 'credit_applied', 'credit_refunded');

-- AlterEnum
ALTER TYPE "InvoiceStatus" ADD VALUE 'PARTIALLY_PAID';

-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "assignVirtualAccounts" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "senderBank" TEXT,
ADD COLUMN     "senderName" TEXT,
ADD COLUMN     "virtualAccountId" UUID;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "allowPartialPayments" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "amountPaid" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "minimumPaymentAmount" BIGINT;

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "balance" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "VirtualAccount" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "customerId" UUID NOT NULL,
    "processor" "Processor" NOT NULL,
    "bankName" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "accountName" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "externalId" TEXT,
    "customerCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VirtualAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentAllocation" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "kind" "AllocationKind" NOT NULL,
    "amount" BIGINT NOT NULL,
    "customerId" UUID,
    "transactionId" UUID,
    "invoiceId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentAllocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxVirtualAccount" (
    "accountNumber" TEXT NOT NULL,
    "accountName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SandboxVirtualAccount_pkey" PRIMARY KEY ("accountNumber")
);

-- CreateIndex
CREATE UNIQUE INDEX "VirtualAccount_customerId_key" ON "VirtualAccount"("customerId");

-- CreateIndex
CREATE INDEX "VirtualAccount_merchantId_environment_idx" ON "VirtualAccount"("merchantId", "environment");

-- CreateIndex
CREATE UNIQUE INDEX "VirtualAccount_processor_accountNumber_key" ON "VirtualAccount"("processor", "accountNumber");

-- CreateIndex
CREATE INDEX "PaymentAllocation_transactionId_idx" ON "PaymentAllocation"("transactionId");

-- CreateIndex
CREATE INDEX "PaymentAllocation_invoiceId_idx" ON "PaymentAllocation"("invoiceId");

-- CreateIndex
CREATE INDEX "PaymentAllocation_customerId_createdAt_idx" ON "PaymentAllocation"("customerId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Transaction_virtualAccountId_idx" ON "Transaction"("virtualAccountId");

-- AddForeignKey
ALTER TABLE "Transaction" ADD CONSTRAINT "Transaction_virtualAccountId_fkey" FOREIGN KEY ("virtualAccountId") REFERENCES "VirtualAccount"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VirtualAccount" ADD CONSTRAINT "VirtualAccount_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VirtualAccount" ADD CONSTRAINT "VirtualAccount_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAllocation" ADD CONSTRAINT "PaymentAllocation_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAllocation" ADD CONSTRAINT "PaymentAllocation_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAllocation" ADD CONSTRAINT "PaymentAllocation_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "Transaction"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAllocation" ADD CONSTRAINT "PaymentAllocation_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Safety nets the application keeps anyway: money moves in positive amounts, an invoice is never paid
-- past its total and a customer's credit never goes below zero.
ALTER TABLE "PaymentAllocation" ADD CONSTRAINT "PaymentAllocation_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_amountPaid_within_amount" CHECK ("amountPaid" >= 0 AND "amountPaid" <= "amount");
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_balance_not_negative" CHECK ("balance" >= 0);

-- Backfill: an invoice already paid was paid in full, by the first payment that completed for it.
UPDATE "Invoice" SET "amountPaid" = "amount" WHERE "status" = 'PAID';
INSERT INTO "PaymentAllocation" ("id", "merchantId", "environment", "kind", "amount", "customerId", "transactionId", "invoiceId", "createdAt")
SELECT gen_random_uuid(), i."merchantId", i."environment", 'payment', i."amount", t."customerId", t."id", i."id", COALESCE(t."completedAt", i."paidAt", i."updatedAt")
FROM "Invoice" i
JOIN LATERAL (
  SELECT x."id", x."customerId", x."completedAt" FROM "Transaction" x
  WHERE x."invoiceId" = i."id" AND x."status" IN ('COMPLETED', 'REFUNDED') AND x."autoRefundDueAt" IS NULL AND x."flaggedReason" IS NULL
  ORDER BY x."completedAt" ASC NULLS LAST LIMIT 1
) t ON true
WHERE i."status" = 'PAID';
