import { randomBytes } from "node:crypto";
import type { Environment } from "@/lib/db/generated/enums";
import type { Tx } from "@/lib/db/client";
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
