-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "liveEnabledAt" TIMESTAMP(3);

-- Existing businesses: unlocked when already in live mode (switching needed the checklist) or when
-- the checklist is done now. Live keys made before the checklist stay unusable until it is.
UPDATE "Merchant" m SET "liveEnabledAt" = CURRENT_TIMESTAMP
WHERE m."environment" = 'live'
   OR (btrim(m."businessName") <> '' AND coalesce(m."supportEmail", '') <> '' AND coalesce(m."supportPhone", '') <> ''
       AND EXISTS (SELECT 1 FROM "SettlementAccount" s WHERE s."merchantId" = m."id" AND s."status" = 'verified')
       AND EXISTS (SELECT 1 FROM "User" u WHERE u."id" = m."ownerId" AND u."twoFactorEnabledAt" IS NOT NULL));
