import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** An unguessable token for links in e-mails (256 bits, URL-safe). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens and secret keys are stored only as SHA-256: a database leak gives nothing usable. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
