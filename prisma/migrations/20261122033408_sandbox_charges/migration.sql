-- CreateTable
CREATE TABLE "SandboxCharge" (
    "id" UUID NOT NULL,
    "accessCode" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "email" TEXT NOT NULL,
    "callbackUrl" TEXT NOT NULL,
    "channel" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "message" TEXT,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxCharge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SandboxCharge_accessCode_key" ON "SandboxCharge"("accessCode");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxCharge_reference_key" ON "SandboxCharge"("reference");
