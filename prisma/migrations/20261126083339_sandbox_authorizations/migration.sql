-- AlterTable
ALTER TABLE "SandboxCharge" ADD COLUMN     "authorizationCode" TEXT,
ADD COLUMN     "retryable" BOOLEAN,
ALTER COLUMN "accessCode" DROP NOT NULL,
ALTER COLUMN "callbackUrl" DROP NOT NULL;

-- CreateTable
CREATE TABLE "SandboxAuthorization" (
    "code" TEXT NOT NULL,
    "testCard" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" VARCHAR(4) NOT NULL,
    "expMonth" INTEGER NOT NULL,
    "expYear" INTEGER NOT NULL,
    "reusable" BOOLEAN NOT NULL DEFAULT true,
    "email" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SandboxAuthorization_pkey" PRIMARY KEY ("code")
);

-- CreateIndex
CREATE INDEX "SandboxCharge_authorizationCode_idx" ON "SandboxCharge"("authorizationCode");

-- AddForeignKey
ALTER TABLE "SandboxCharge" ADD CONSTRAINT "SandboxCharge_authorizationCode_fkey" FOREIGN KEY ("authorizationCode") REFERENCES "SandboxAuthorization"("code") ON DELETE SET NULL ON UPDATE CASCADE;
