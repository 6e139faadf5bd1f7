// TOTP (RFC 6238) through otpauth: 6 digits, 30-second steps, SHA-1 (what every authenticator app reads).
import { Secret, TOTP } from "otpauth";

const ISSUER = "Paylink";
const PERIOD = 30;
/** One step either side of now is accepted (clock drift, a code typed as it rolls over). */
const WINDOW = 1;

const totp = (secretBase32: string, label = "") =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), algorithm: "SHA1", digits: 6, period: PERIOD });

/** A new random 160-bit secret, base32 (32 characters), as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI a QR code carries: "Paylink:<email>" with the issuer. */
export function otpauthUri(secretBase32: string, accountName: string): string {
  return totp(secretBase32, accountName).toString();
}

/** The time step the code belongs to, or null when it is not valid now (±1 step). */
export function matchTotp(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
