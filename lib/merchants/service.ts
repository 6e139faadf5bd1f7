import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { ApiError } from "@/lib/api/errors";
import { toMerchantResponse } from "@/lib/auth/serializers";
import type { MerchantUpdate } from "./schemas";

const ownerFields = { select: { id: true, firstName: true, lastName: true, email: true } } as const;

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

export async function updateMerchant(merchantId: string, changes: MerchantUpdate) {
  const merchant = await db.merchant.update({ where: { id: merchantId }, data: changes, include: { owner: ownerFields } });
  return toMerchantResponse(merchant, merchant.owner);
}

/** The dashboard's mode: every list reads it (lib/auth/access.ts), so test and live data never mix. */
export async function setMerchantEnvironment(merchantId: string, environment: Environment) {
  const merchant = await db.merchant.update({ where: { id: merchantId }, data: { environment }, include: { owner: ownerFields } });
  return toMerchantResponse(merchant, merchant.owner);
}
