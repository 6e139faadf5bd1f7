-- The processor columns hold a catalog name (lib/processors/catalog.ts). They are converted in place,
-- so rows and their unique indexes are kept (PostgreSQL rebuilds the indexes on the new type).
-- CreateEnum
CREATE TYPE "Processor" AS ENUM ('paystack', 'flutterwave', 'sandbox');

-- AlterTable
ALTER TABLE "Transaction" ALTER COLUMN "processor" TYPE "Processor" USING "processor"::"Processor";

-- AlterTable
ALTER TABLE "ProcessorEvent" ALTER COLUMN "processor" TYPE "Processor" USING "processor"::"Processor";

-- AlterTable
ALTER TABLE "ProcessorSubaccount" ALTER COLUMN "processor" TYPE "Processor" USING "processor"::"Processor";

-- AlterTable
ALTER TABLE "Payout" ALTER COLUMN "processor" TYPE "Processor" USING "processor"::"Processor";
