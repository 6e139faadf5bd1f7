-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "apiVersion" TEXT;

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "name" TEXT,
ADD COLUMN     "permissions" TEXT[],
ADD COLUMN     "restricted" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "apiVersion" TEXT;

-- AlterTable
ALTER TABLE "ApiRequestLog" ADD COLUMN     "apiKeyId" UUID,
ADD COLUMN     "requestBody" JSONB,
ADD COLUMN     "responseBody" JSONB;
