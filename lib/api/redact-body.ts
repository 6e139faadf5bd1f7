// What the request log keeps of a body: the JSON with secrets removed, by key name (the log's own
// list, lib/log.ts, and a few more a body can carry) and by shape (keys, webhook secrets, tokens,
// and card numbers wherever they appear), then cut to about 8 KB. Nothing secret is stored, so the
// Developers page can show it to anyone who may see the keys page.
import { scrub, SECRET_KEYS } from "@/lib/log";

export const LOGGED_BODY_LIMIT = 8 * 1024;
export const REDACTED = "[redacted]";

const normalized = (key: string) => key.toLowerCase().replace(/[-_]/g, "");
const SECRET_NAMES = new Set(
  [...SECRET_KEYS, "cardNumber", "pan", "cvv", "cvc", "pin", "otp", "recoveryCode", "recoveryCodes", "apiKey", "privateKey"].map(normalized),
);
/** Any key that names one of these is a secret whatever the rest of its name (`signingSecret`, `accessToken`). */
const SECRET_PARTS = ["password", "secret", "token"];

function secretKey(key: string, inRequest: boolean): boolean {
  const name = normalized(key);
  // A request's `code` is a two-factor code (confirmations); an answer's `code` is an error's kind.
  if (inRequest && name === "code") return true;
  return SECRET_NAMES.has(name) || SECRET_PARTS.some((part) => name.includes(part));
}

/** 13 to 19 digits, spaces or dashes between them, passing the Luhn check: a card number. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function redactString(text: string): string {
  return scrub(text).replace(CARD_LIKE, (match) => (luhn(match.replace(/\D/g, "")) ? REDACTED : match));
}

function redactValue(value: unknown, inRequest: boolean): unknown {
  if (typeof value === "string") return redactString(value);
  if (typeof value === "number") return Number.isInteger(value) && redactString(String(value)) !== String(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, inRequest));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, secretKey(key, inRequest) && item != null ? REDACTED : redactValue(item, inRequest)]),
    );
  }
  return value;
}

export type LoggedBody = unknown;

/**
 * A body as the request log stores it: redacted, and when its JSON is over the limit, the first
 * 8 KB of that (redacted) text with `truncated: true`. Undefined and null stay null.
 */
export function redactBody(body: unknown, side: "request" | "response"): LoggedBody | null {
  if (body === undefined || body === null) return null;
  const redacted = redactValue(body, side === "request");
  const text = JSON.stringify(redacted);
  if (text.length <= LOGGED_BODY_LIMIT) return redacted;
  return { truncated: true, size: text.length, preview: text.slice(0, LOGGED_BODY_LIMIT) };
}
