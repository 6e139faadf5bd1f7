-- AlterEnum
ALTER TYPE "TransactionStatus" ADD VALUE 'ABANDONED';
