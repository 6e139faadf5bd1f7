-- CreateEnum
CREATE TYPE "BreakerState" AS ENUM ('closed', 'open', 'half_open');

-- CreateTable
CREATE TABLE "ProcessorBreaker" (
    "processor" "Processor" NOT NULL,
    "environment" "Environment" NOT NULL,
    "state" "BreakerState" NOT NULL DEFAULT 'closed',
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3),
    "openedAt" TIMESTAMP(3),
    "retryAt" TIMESTAMP(3),
    "probeAt" TIMESTAMP(3),

    CONSTRAINT "ProcessorBreaker_pkey" PRIMARY KEY ("processor","environment")
);
