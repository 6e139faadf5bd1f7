-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "payoutId" UUID,
ADD COLUMN     "platformFee" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "SandboxCharge" ADD COLUMN     "platformFee" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "subaccountCode" TEXT;

-- CreateTable
CREATE TABLE "SettlementAccount" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "bankCode" TEXT NOT NULL,
    "bankName" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "accountName" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'verified',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SettlementAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProcessorSubaccount" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "processor" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "code" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProcessorSubaccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payout" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "processor" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "fees" BIGINT NOT NULL DEFAULT 0,
    "grossAmount" BIGINT NOT NULL DEFAULT 0,
    "currency" VARCHAR(3) NOT NULL DEFAULT 'NGN',
    "settledAt" TIMESTAMP(3),
    "bankName" TEXT,
    "accountNumberLast4" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxSubaccount" (
    "code" TEXT NOT NULL,
    "businessName" TEXT NOT NULL,
    "bankCode" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxSubaccount_pkey" PRIMARY KEY ("code")
);

-- CreateIndex
CREATE UNIQUE INDEX "SettlementAccount_merchantId_key" ON "SettlementAccount"("merchantId");

-- CreateIndex
CREATE UNIQUE INDEX "ProcessorSubaccount_merchantId_processor_environment_key" ON "ProcessorSubaccount"("merchantId", "processor", "environment");

-- CreateIndex
CREATE INDEX "Payout_merchantId_environment_createdAt_idx" ON "Payout"("merchantId", "environment", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Payout_processor_environment_externalId_key" ON "Payout"("processor", "environment", "externalId");

-- CreateIndex
CREATE INDEX "Transaction_payoutId_idx" ON "Transaction"("payoutId");

-- AddForeignKey
ALTER TABLE "Transaction" ADD CONSTRAINT "Transaction_payoutId_fkey" FOREIGN KEY ("payoutId") REFERENCES "Payout"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SettlementAccount" ADD CONSTRAINT "SettlementAccount_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProcessorSubaccount" ADD CONSTRAINT "ProcessorSubaccount_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
