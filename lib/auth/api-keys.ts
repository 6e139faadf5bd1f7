import { randomBytes, randomUUID } from "node:crypto";
import type { Environment } from "@/lib/db/generated/enums";
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { MerchantScope } from "./access";
import { recordAudit, type AuditSource } from "@/lib/team/audit";
import { requireLive } from "@/lib/merchants/activation";
import { sha256 } from "./tokens";
import type { Permission } from "./permissions";
import { openFor, sealFor } from "./two-factor/secret-box";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { ApiKeySchema } from "./openapi";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function base62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte < 248) out += ALPHABET[byte % 62]; // 248 = 4 * 62: no modulo bias
  }
  return out.length === length ? out : base62(length);
}

export function isSecretKey(token: string): boolean {
  return /^sk_(test|live)_[0-9A-Za-z]{20,64}$/.test(token);
}

// The purpose string predates "test keys always viewable" (it sealed sign-up's first secret): kept, so
// the test secrets sealed then still open.
const SEAL_INFO = "paylink api key first reveal v1";

/**
 * Creates a key pair; the secret is returned here and stored as a hash, which is what authenticates.
 * A test secret is also kept sealed (AES-256-GCM, bound to the key's row), so owners and admins can
 * see it again on Developers, as Paystack shows test keys; a live secret is never stored whole.
 */
export async function createApiKey(tx: Tx, merchantId: string, environment: Environment, restricted?: RestrictedKeyInput) {
  const id = randomUUID();
  // A restricted key's public key is never shown or used (the column is required and unique).
  const publicKey = `pk_${environment}_${base62(32)}`;
  // Restricted keys keep the sk_ prefix: every client that tells a secret key by its prefix still works.
  const secretKey = `sk_${environment}_${base62(40)}`;
  await tx.apiKey.create({
    data: {
      id,
      merchantId,
      environment,
      publicKey,
      secretKeyHash: sha256(secretKey),
      secretKeyHint: secretKey.slice(-4),
      // A restricted secret is shown once, whatever its mode: only its hash is kept.
      ...(environment === "test" && !restricted && { secretKeySealed: sealFor(SEAL_INFO, secretKey, id) }),
      ...(restricted && { restricted: true, name: restricted.name, permissions: [...restricted.permissions] }),
    },
  });
  return { id, publicKey, secretKey };
}

export type RestrictedKeyInput = { name: string; permissions: readonly Permission[] };

// ---------------------------------------------------------------------------------------------
// The Developers page: one active key pair per mode; rolling replaces it at once.
// ---------------------------------------------------------------------------------------------

const keyFields = { id: true, environment: true, publicKey: true, secretKeyHint: true, secretKeySealed: true, createdAt: true, lastUsedAt: true } as const;
type KeyRow = {
  id: string;
  environment: Environment;
  publicKey: string;
  secretKeyHint: string;
  secretKeySealed: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
};
/**
 * What anyone with keys:manage may see: never the secret, only its last four characters, and whether
 * it can be shown again (a test key sealed at rest; test keys made before that rule are hashes only).
 */
function toKeyResponse({ secretKeySealed, ...k }: KeyRow) {
  return {
    ...k,
    secretKeyPreview: `sk_${k.environment}_…${k.secretKeyHint}`,
    secretKeyViewable: k.environment === "test" && secretKeySealed !== null,
  } satisfies ResponseOf<typeof ApiKeySchema>;
}

export async function listApiKeys(merchantId: string) {
  const keys = await db.apiKey.findMany({ where: { merchantId, revokedAt: null, restricted: false }, orderBy: { createdAt: "asc" }, select: keyFields });
  return keys.map(toKeyResponse);
}

/**
 * Creates the mode's key pair (`roll: false`: only when it has none) or replaces it (`roll: true`):
 * the old secret stops working in the same transaction, which also writes the audit entry. The
 * merchant row's lock serialises concurrent calls, so a mode never ends up with two active keys.
 */
export async function issueApiKey({ merchantId, environment }: MerchantScope, { roll }: { roll: boolean }, source: AuditSource) {
  // Live keys exist only once the go-live checklist is done (409 listing what is missing).
  if (environment === "live") await requireLive(merchantId);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Merchant" WHERE id = ${merchantId}::uuid FOR UPDATE`;
    const active = await tx.apiKey.findFirst({ where: { merchantId, environment, revokedAt: null, restricted: false }, select: { id: true } });
    if (active && !roll) throw ApiError.conflict(`The ${environment} keys already exist; roll them to get a new secret key`);
    if (!active && roll) throw ApiError.notFound(`There are no ${environment} keys to roll; create them first`);
    if (active) await tx.apiKey.update({ where: { id: active.id }, data: { revokedAt: new Date(), secretKeySealed: null } });
    const created = await createApiKey(tx, merchantId, environment);
    const row = await tx.apiKey.findUniqueOrThrow({ where: { id: created.id }, select: keyFields });
    // The public key names the pair; the secret never goes in the log (only its 4-character hint).
    await recordAudit(tx, {
      ...source,
      merchantId,
      action: roll ? "api_key.rolled" : "api_key.created",
      targetType: "api_key",
      targetId: row.id,
      metadata: { environment, publicKey: row.publicKey, secretKeyHint: row.secretKeyHint, ...(active && { replacedKeyId: active.id }) },
    });
    return { ...toKeyResponse(row), secretKey: created.secretKey };
  });
}

// ---------------------------------------------------------------------------------------------
// Showing the test secret again: as often as asked, each time audited. Live secrets: never.
// ---------------------------------------------------------------------------------------------

/**
 * The mode's active secret key, opened from its sealed copy. 404 for live keys (shown only when
 * created or rolled), for a test key stored before test secrets were sealed, and for one sealed under
 * an AUTH_SECRET since replaced (it can never open: its slot is emptied): rolling gives a new one.
 */
export async function revealSecretKey({ merchantId, environment }: MerchantScope, source: AuditSource) {
  if (environment === "live") throw ApiError.notFound("Live secret keys are shown only when created or rolled; roll the live secret key to get a new one");
  const unseen = () => ApiError.notFound("This test secret key is stored only as a hash and can't be shown; roll it to get one you can see");
  const key = await db.apiKey.findFirst({ where: { merchantId, environment, revokedAt: null, restricted: false }, select: keyFields });
  if (!key?.secretKeySealed) throw unseen();
  const secretKey = openFor(SEAL_INFO, key.secretKeySealed, key.id);
  if (!secretKey) {
    await db.apiKey.updateMany({ where: { id: key.id, secretKeySealed: key.secretKeySealed }, data: { secretKeySealed: null } });
    throw unseen();
  }
  await recordAudit(db, {
    ...source,
    merchantId,
    action: "api_key.revealed",
    targetType: "api_key",
    targetId: key.id,
    metadata: { environment, publicKey: key.publicKey, secretKeyHint: key.secretKeyHint },
  });
  return { ...toKeyResponse(key), secretKey };
}
