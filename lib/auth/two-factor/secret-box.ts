// Secrets at rest: AES-256-GCM with a key derived from AUTH_SECRET (HKDF-SHA256), one key per purpose.
// TOTP secrets bind the user id in as associated data, so a sealed secret copied into another user's
// row does not open; a test API secret (lib/auth/api-keys.ts) binds its key row the same way.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { config } from "@/lib/config";

const VERSION = "v1";
const TWO_FACTOR_INFO = "paylink two-factor secret v1";

const cached = new Map<string, { secret: string; key: Buffer }>();
function key(info: string): Buffer {
  const secret = config().AUTH_SECRET;
  let entry = cached.get(info);
  if (entry?.secret !== secret) {
    entry = { secret, key: Buffer.from(hkdfSync("sha256", secret, "paylink", info, 32)) };
    cached.set(info, entry);
  }
  return entry.key;
}

/** Seals `plaintext` under the key for `info`, bound to `boundTo` (associated data). */
export function sealFor(info: string, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(info), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The plaintext, or null when the value was sealed with another AUTH_SECRET, purpose or binding, or altered. */
export function openFor(info: string, sealed: string, boundTo: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(info), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function seal(plaintext: string, userId: string): string {
  return sealFor(TWO_FACTOR_INFO, plaintext, userId);
}

/** The plaintext, or null when the value was sealed with another AUTH_SECRET, for another user, or altered. */
export function open(sealed: string, userId: string): string | null {
  return openFor(TWO_FACTOR_INFO, sealed, userId);
}
