import { randomBytes, randomUUID } from "node:crypto";
import type { Environment } from "@/lib/db/generated/enums";
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { MerchantScope } from "./access";
import { recordAudit, type AuditSource } from "@/lib/team/audit";
import { requireLive } from "@/lib/merchants/activation";
import { sha256 } from "./tokens";
import { openFor, sealFor } from "./two-factor/secret-box";

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

const REVEAL_INFO = "paylink api key first reveal v1";

/**
 * Creates a key pair; the secret is returned once and stored only as a hash. `revealOnce` (sign-up's
 * first test pair) also keeps the secret sealed, bound to the key's row, until the owner reveals it
 * once on Developers (revealFirstSecret), so a merchant who signed up in the browser sees it too.
 */
export async function createApiKey(tx: Tx, merchantId: string, environment: Environment, { revealOnce = false }: { revealOnce?: boolean } = {}) {
  const id = randomUUID();
  const publicKey = `pk_${environment}_${base62(32)}`;
  const secretKey = `sk_${environment}_${base62(40)}`;
  await tx.apiKey.create({
    data: {
      id,
      merchantId,
      environment,
      publicKey,
      secretKeyHash: sha256(secretKey),
      secretKeyHint: secretKey.slice(-4),
      ...(revealOnce && { secretKeySealed: sealFor(REVEAL_INFO, secretKey, id) }),
    },
  });
  return { id, publicKey, secretKey };
}

// ---------------------------------------------------------------------------------------------
// The Developers page: one active key pair per mode; rolling replaces it at once.
// ---------------------------------------------------------------------------------------------

const keyFields = { id: true, environment: true, publicKey: true, secretKeyHint: true, createdAt: true, lastUsedAt: true } as const;
type KeyRow = { id: string; environment: Environment; publicKey: string; secretKeyHint: string; createdAt: Date; lastUsedAt: Date | null };
/** What anyone with keys:manage may see: never the secret, only its last four characters. */
const toKeyResponse = (k: KeyRow) => ({ ...k, secretKeyPreview: `sk_${k.environment}_…${k.secretKeyHint}` });

export async function listApiKeys(merchantId: string) {
  const keys = await db.apiKey.findMany({ where: { merchantId, revokedAt: null }, orderBy: { createdAt: "asc" }, select: keyFields });
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
    const active = await tx.apiKey.findFirst({ where: { merchantId, environment, revokedAt: null }, select: { id: true } });
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
// The first secret, revealed once: sign-up seals its test secret (createApiKey `revealOnce`); the
// owner's first look on Developers takes it out and the slot is empty from then on.
// ---------------------------------------------------------------------------------------------

/** Whether the mode's active key still holds its first secret for a one-time reveal. */
export async function hasSecretToReveal({ merchantId, environment }: MerchantScope): Promise<boolean> {
  const count = await db.apiKey.count({ where: { merchantId, environment, revokedAt: null, secretKeySealed: { not: null } } });
  return count > 0;
}

/**
 * Takes the mode's sealed first secret out of its slot and returns it with the key: once. The slot is
 * cleared by a conditional update, so two tabs (or two clicks) cannot both get it (the second waits
 * on the row and then finds it empty); the audit entry is written in the same transaction. 404 when
 * there is nothing (left) to reveal, or the secret no longer opens (AUTH_SECRET changed): roll then.
 */
export async function revealFirstSecret({ merchantId, environment }: MerchantScope, source: AuditSource) {
  const nothing = () => ApiError.notFound(`The ${environment} secret key has already been shown; roll it to get a new one`);
  const revealed = await db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { merchantId, environment, revokedAt: null, secretKeySealed: { not: null } },
      select: { ...keyFields, secretKeySealed: true },
    });
    if (!key?.secretKeySealed) throw nothing();
    const claimed = await tx.apiKey.updateMany({ where: { id: key.id, revokedAt: null, secretKeySealed: { not: null } }, data: { secretKeySealed: null } });
    if (claimed.count === 0) throw nothing();
    // Sealed under an AUTH_SECRET since replaced: it can never open, so the emptied slot is kept empty.
    const secretKey = openFor(REVEAL_INFO, key.secretKeySealed, key.id);
    if (!secretKey) return null;
    await recordAudit(tx, {
      ...source,
      merchantId,
      action: "api_key.revealed",
      targetType: "api_key",
      targetId: key.id,
      metadata: { environment, publicKey: key.publicKey, secretKeyHint: key.secretKeyHint },
    });
    const { secretKeySealed: _sealed, ...row } = key;
    return { ...toKeyResponse(row), secretKey };
  });
  if (!revealed) throw nothing();
  return revealed;
}
