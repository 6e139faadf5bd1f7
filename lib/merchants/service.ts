import { db, type Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { ApiError } from "@/lib/api/errors";
import { toMerchantResponse } from "./serializers";
import { recordAudit, type AuditSource } from "@/lib/team/audit";
import type { MerchantUpdate } from "./schemas";
import { unlockLive } from "./activation";

export const ownerFields = { select: { id: true, firstName: true, lastName: true, email: true } } as const;

/** Every settings change is audited as one action: the changed fields with their old and new values (none of them secret). */
export function recordMerchantUpdate(
  tx: Tx,
  audit: AuditSource,
  merchantId: string,
  metadata: { fields: string[]; from: object; to: object; uploaded?: true },
) {
  return recordAudit(tx, { ...audit, merchantId, action: "merchant.updated", targetType: "merchant", targetId: merchantId, metadata });
}

/** Every merchant the user belongs to, with the user's role in each. */
export async function listMerchantsForUser(userId: string) {
  const memberships = await db.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: { merchant: { include: { owner: ownerFields } } },
  });
  return memberships.map(({ role, merchant }) => ({ ...toMerchantResponse(merchant, merchant.owner), role }));
}

export async function getMerchant(merchantId: string) {
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, include: { owner: ownerFields } });
  if (!merchant) throw ApiError.notFound("Merchant not found");
  return toMerchantResponse(merchant, merchant.owner);
}

export async function updateMerchant(merchantId: string, changes: MerchantUpdate, audit: AuditSource) {
  const merchant = await db.$transaction(async (tx) => {
    const before = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId } });
    // The profile is a go-live step (customers see the support contact on receipts): a live business keeps it.
    if (before.liveEnabledAt && (changes.supportEmail === null || changes.supportPhone === null)) {
      throw ApiError.conflict("This business takes live payments: its support e-mail and phone can be changed, not removed");
    }
    const updated = await tx.merchant.update({ where: { id: merchantId }, data: changes, include: { owner: ownerFields } });
    // A logo URL (or none) set here replaces an uploaded logo, which is then no longer served.
    if (changes.logoUrl !== undefined && before.logoUrl !== updated.logoUrl) await tx.merchantLogo.deleteMany({ where: { merchantId } });
    const changed = (Object.keys(changes) as (keyof MerchantUpdate)[]).filter((key) => before[key] !== updated[key]);
    if (changed.length > 0) {
      const values = (row: typeof before) => Object.fromEntries(changed.map((key) => [key, row[key]]));
      await recordMerchantUpdate(tx, audit, merchantId, { fields: changed, from: values(before), to: values(updated) });
    }
    return updated;
  });
  return toMerchantResponse(merchant, merchant.owner);
}

/** The dashboard's mode: every list reads it (lib/auth/access.ts), so test and live data never mix. */
export async function setMerchantEnvironment(merchantId: string, environment: Environment) {
  if (environment === "live") await unlockLive(merchantId);
  const merchant = await db.merchant.update({ where: { id: merchantId }, data: { environment }, include: { owner: ownerFields } });
  return toMerchantResponse(merchant, merchant.owner);
}
