import { randomBytes } from "node:crypto";

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
export const BASE_REFERENCE = /^[A-Za-z0-9._-]{1,50}$/;
/**
 * What a reference we generated looks like: {base or TXN}-{13-digit ms}-{8 base36}, and a later
 * round's or a second payment's, which adds -r{n} (lib/payments/attempts.ts).
 */
export const REFERENCE_FORMAT = /^[A-Za-z0-9._-]{1,50}-\d{13}-[0-9a-z]{8}(-r\d{1,4})?$/;

function suffix(length = 8): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += BASE36[byte % 36]; // 256 % 36 bias is negligible for uniqueness
  return out;
}

/** TXN-{ms}-{suffix}, or {base}-{ms}-{suffix} when the merchant gives a base reference. */
export function generateReference(base?: string | null, now = Date.now()): string {
  return `${base ?? "TXN"}-${String(now).padStart(13, "0")}-${suffix()}`;
}

/** The prefix of a bank transfer's reference: it has no initiation (and no merchant base) behind it. */
export const TRANSFER_PREFIX = "TRF";

/** TRF-{ms}-{suffix}: an inbound transfer to a virtual account (lib/transfers/inbound.ts); REFERENCE_FORMAT holds. */
export function generateTransferReference(now = Date.now()): string {
  return generateReference(TRANSFER_PREFIX, now);
}
