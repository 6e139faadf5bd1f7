-- AlterTable
ALTER TABLE "User" ADD COLUMN     "twoFactorRemovalDueAt" TIMESTAMP(3);
