-- Test or live is each member's own view, no longer one switch for the whole team.
-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "environment" "Environment" NOT NULL DEFAULT 'test';

-- Every member (the owner too) keeps the view the team had, so no one's dashboard changes on deploy.
UPDATE "Membership" mb SET "environment" = m."environment" FROM "Merchant" m WHERE m."id" = mb."merchantId";

-- AlterTable
ALTER TABLE "Merchant" DROP COLUMN "environment";
