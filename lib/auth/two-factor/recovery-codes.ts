// Recovery codes: 16 random base32 characters (80 bits) shown as xxxx-xxxx-xxxx-xxxx, stored only as
// SHA-256 hashes (like API keys; the entropy makes a salt unnecessary, and the hashes do not depend
// on AUTH_SECRET, so they still work after it is rotated).
import { randomBytes } from "node:crypto";
import { sha256 } from "../tokens";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford's base32: no i, l, o, u
const LENGTH = 16;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % 32]).join("");
    return chars.match(/.{4}/g)!.join("-");
  });
}

/** What people type: any case, with or without dashes and spaces. */
export function normalizeCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

export function isRecoveryCodeShape(normalized: string): boolean {
  return normalized.length === LENGTH && [...normalized].every((c) => ALPHABET.includes(c));
}

export function hashRecoveryCode(code: string): string {
  return sha256(normalizeCode(code));
}
