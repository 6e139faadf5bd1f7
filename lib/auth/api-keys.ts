import { randomBytes } from "node:crypto";
import type { Environment } from "@/lib/db/generated/enums";
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { sha256 } from "./tokens";

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

/** Creates a key pair; the secret is returned once and stored only as a hash. */
export async function createApiKey(tx: Tx, merchantId: string, environment: Environment) {
  const publicKey = `pk_${environment}_${base62(32)}`;
  const secretKey = `sk_${environment}_${base62(40)}`;
  const row = await tx.apiKey.create({
    data: { merchantId, environment, publicKey, secretKeyHash: sha256(secretKey), secretKeyHint: secretKey.slice(-4) },
  });
  return { id: row.id, publicKey, secretKey };
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
 * the old secret stops working in the same transaction. The merchant row's lock serialises
 * concurrent calls, so a mode never ends up with two active keys.
 */
export async function issueApiKey(merchantId: string, environment: Environment, { roll }: { roll: boolean }) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Merchant" WHERE id = ${merchantId}::uuid FOR UPDATE`;
    const active = await tx.apiKey.findFirst({ where: { merchantId, environment, revokedAt: null }, select: { id: true } });
    if (active && !roll) throw ApiError.conflict(`The ${environment} keys already exist; roll them to get a new secret key`);
    if (!active && roll) throw ApiError.notFound(`There are no ${environment} keys to roll; create them first`);
    if (active) await tx.apiKey.update({ where: { id: active.id }, data: { revokedAt: new Date() } });
    const created = await createApiKey(tx, merchantId, environment);
    const row = await tx.apiKey.findUniqueOrThrow({ where: { id: created.id }, select: keyFields });
    return { ...toKeyResponse(row), secretKey: created.secretKey };
  });
}
