-- DropIndex
DROP INDEX "ApiRequestLog_merchantId_createdAt_idx";

-- CreateIndex
CREATE INDEX "ApiRequestLog_merchantId_environment_createdAt_idx" ON "ApiRequestLog"("merchantId", "environment", "createdAt" DESC);
