-- AlterEnum
ALTER TYPE "PaymentAttemptOutcome" ADD VALUE 'superseded';

-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "chargeReference" TEXT;

-- AlterTable
ALTER TABLE "PaymentAttempt" ADD COLUMN     "checkedAt" TIMESTAMP(3),
ADD COLUMN     "subaccountCode" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_chargeReference_key" ON "Transaction"("chargeReference");

-- CreateIndex
CREATE INDEX "PaymentAttempt_reference_idx" ON "PaymentAttempt"("reference");

-- CreateIndex
CREATE INDEX "PaymentAttempt_outcome_createdAt_idx" ON "PaymentAttempt"("outcome", "createdAt");

-- At most one open attempt per transaction (not expressible in schema.prisma)
CREATE UNIQUE INDEX "PaymentAttempt_one_open_per_transaction" ON "PaymentAttempt"("transactionId") WHERE "outcome" = 'started';
