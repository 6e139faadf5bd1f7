-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "secretKeySealed" TEXT;

-- CreateIndex
CREATE INDEX "Event_merchantId_environment_createdAt_id_idx" ON "Event"("merchantId", "environment", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Event_createdAt_idx" ON "Event"("createdAt");
