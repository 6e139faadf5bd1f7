import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { findOr404 } from "@/lib/api/find";
import { recordAudit, type AuditSource } from "@/lib/team/audit";
import { requireLive } from "@/lib/merchants/activation";
import type { MerchantAccess, MerchantScope } from "./access";
import { createApiKey, type RestrictedKeyInput } from "./api-keys";
import { isKeyGrantable, roleAllows, type Permission } from "./permissions";

/** Enough for one key per server or job; a merchant needing more is doing something odd. */
export const MAX_RESTRICTED_KEYS = 50;

const fields = {
  id: true,
  name: true,
  environment: true,
  permissions: true,
  secretKeyHint: true,
  createdAt: true,
  lastUsedAt: true,
} as const;
type Row = {
  id: string;
  name: string | null;
  environment: MerchantScope["environment"];
  permissions: string[];
  secretKeyHint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

const toResponse = (row: Row) => ({
  ...row,
  name: row.name ?? "",
  permissions: row.permissions.filter(isKeyGrantable),
  secretKeyPreview: `sk_${row.environment}_…${row.secretKeyHint}`,
});

/** The mode's active restricted keys, newest first: never a secret, only its last four characters. */
export async function listRestrictedKeys({ merchantId, environment }: MerchantScope) {
  const rows = await db.apiKey.findMany({
    where: { merchantId, environment, restricted: true, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: fields,
  });
  return rows.map(toResponse);
}

/**
 * Creates a named key holding exactly `permissions`, in the caller's own mode. Nobody gives a key a
 * power they do not hold themselves (403 naming it). The secret is in the answer only: stored as a
 * SHA-256 hash, never sealed, so it can never be shown again.
 */
export async function createRestrictedKey({ merchantId, environment, role }: MerchantAccess, input: RestrictedKeyInput, source: AuditSource) {
  // Person-only: a key (role null) never makes keys.
  const denied = input.permissions.find((p: Permission) => !role || !roleAllows(role, p));
  if (denied) throw ApiError.forbidden(`You cannot give a key ${denied}: your role does not hold it`);
  if (environment === "live") await requireLive(merchantId);
  return db.$transaction(async (tx) => {
    // The merchant row's lock serialises concurrent creations, so the cap holds.
    await tx.$queryRaw`SELECT id FROM "Merchant" WHERE id = ${merchantId}::uuid FOR UPDATE`;
    const active = await tx.apiKey.count({ where: { merchantId, environment, restricted: true, revokedAt: null } });
    if (active >= MAX_RESTRICTED_KEYS) throw ApiError.conflict(`A mode can have at most ${MAX_RESTRICTED_KEYS} restricted keys; revoke one first`);
    const created = await createApiKey(tx, merchantId, environment, input);
    const row = await tx.apiKey.findUniqueOrThrow({ where: { id: created.id }, select: fields });
    await recordAudit(tx, {
      ...source,
      merchantId,
      action: "api_key.restricted_created",
      targetType: "api_key",
      targetId: row.id,
      metadata: { environment, name: row.name, permissions: row.permissions, secretKeyHint: row.secretKeyHint },
    });
    return { ...toResponse(row), secretKey: created.secretKey };
  });
}

/** Revokes one restricted key of the caller's mode at once; another merchant's or mode's key is 404. */
export async function revokeRestrictedKey({ merchantId, environment }: MerchantScope, keyId: string, source: AuditSource) {
  return db.$transaction(async (tx) => {
    // Revoked in the same statement that finds it: of two revokes at once, one finds it (one audit row).
    const row = await findOr404(
      keyId,
      "Restricted key not found",
      async (id) => {
        const { count } = await tx.apiKey.updateMany({
          where: { id, merchantId, environment, restricted: true, revokedAt: null },
          data: { revokedAt: new Date() },
        });
        return count ? tx.apiKey.findUniqueOrThrow({ where: { id }, select: fields }) : null;
      },
      "keyId",
    );
    await recordAudit(tx, {
      ...source,
      merchantId,
      action: "api_key.restricted_revoked",
      targetType: "api_key",
      targetId: row.id,
      metadata: { environment, name: row.name, secretKeyHint: row.secretKeyHint },
    });
    return toResponse(row);
  });
}
