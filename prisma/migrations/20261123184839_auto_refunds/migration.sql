-- DropIndex
DROP INDEX "Transaction_paymentLinkId_idx";

-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "autoRefundDueAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Transaction_paymentLinkId_status_idx" ON "Transaction"("paymentLinkId", "status");

-- CreateIndex
CREATE INDEX "Transaction_autoRefundDueAt_idx" ON "Transaction"("autoRefundDueAt");
