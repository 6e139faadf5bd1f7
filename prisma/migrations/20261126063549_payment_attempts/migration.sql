-- CreateEnum
CREATE TYPE "PaymentAttemptOutcome" AS ENUM ('started', 'unavailable', 'timeout', 'refused', 'invalid_response');

-- CreateTable
CREATE TABLE "PaymentAttempt" (
    "id" UUID NOT NULL,
    "transactionId" UUID NOT NULL,
    "processor" "Processor" NOT NULL,
    "reference" TEXT NOT NULL,
    "outcome" "PaymentAttemptOutcome" NOT NULL,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PaymentAttempt_transactionId_createdAt_idx" ON "PaymentAttempt"("transactionId", "createdAt");

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "Transaction"("id") ON DELETE CASCADE ON UPDATE CASCADE;
