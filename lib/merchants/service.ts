import { db, type Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import type { MerchantScope } from "@/lib/auth/access";
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

/** Every merchant the user belongs to, with the user's role and own view (test or live) in each. */
export async function listMerchantsForUser(userId: string) {
  const memberships = await db.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: { merchant: { include: { owner: ownerFields } } },
  });
  return memberships.map(({ role, environment, merchant }) => ({ ...toMerchantResponse(merchant, merchant.owner, environment), role }));
}

/** The merchant as the caller sees it: `environment` is the scope's mode (the member's view or the key's mode). */
export async function getMerchant({ merchantId, environment }: MerchantScope) {
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, include: { owner: ownerFields } });
  if (!merchant) throw ApiError.notFound("Merchant not found");
  return toMerchantResponse(merchant, merchant.owner, environment);
}

export async function updateMerchant({ merchantId, environment }: MerchantScope, changes: MerchantUpdate, audit: AuditSource) {
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
  return toMerchantResponse(merchant, merchant.owner, environment);
}

/**
 * One member's own view, test or live: every page and user-token API call of theirs reads it
 * (lib/auth/access.ts, lib/auth/session.ts), so test and live data never mix. Teammates keep their
 * own; secret keys keep their own mode. Live needs the go-live checklist done, checked on every
 * switch (so no one is shown live mode while the platform cannot take live payments).
 */
export async function setViewMode(userId: string, merchantId: string, environment: Environment) {
  if (environment === "live") await unlockLive(merchantId);
  const { merchant } = await db.membership.update({
    where: { userId_merchantId: { userId, merchantId } },
    data: { environment },
    select: { merchant: { include: { owner: ownerFields } } },
  });
  return toMerchantResponse(merchant, merchant.owner, environment);
}
