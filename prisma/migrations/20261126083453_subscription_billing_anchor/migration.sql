-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "billingAnchor" TIMESTAMP(3),
ADD COLUMN     "cardDeclinedAt" TIMESTAMP(3);
