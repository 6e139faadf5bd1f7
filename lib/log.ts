import pino, { type DestinationStream, type LoggerOptions } from "pino";
import { setting } from "@/lib/config";
import { CATALOG } from "@/lib/processors/catalog";

// Structured JSON logs, one object a line. Two layers keep secrets out:
// - redact by path: anything logged under a secret-looking key, up to three levels deep;
// - scrub by value: error messages and stacks (a database error can quote a whole query with its
//   arguments) have key-, token- and hash-shaped strings replaced before they are written.
export const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "passwordHash",
  "token",
  "secret",
  "secretKey",
  "testSecretKey",
  "liveSecretKey",
  "authorization",
  "cookie",
  "set-cookie",
  "x-paylink-signature",
  // A customer's Bank Verification Number (virtual accounts): passed to the processor, never kept.
  "bvn",
  // Every processor's webhook signature headers (its catalog entry).
  ...CATALOG.flatMap((processor) => processor.webhook.headers),
];
// Bracket notation works for every name, dashed or not: `["verif-hash"]`, `*["verif-hash"]`, …
const paths = SECRET_KEYS.flatMap((key) => ["", "*", "*.*", "*.*.*"].map((prefix) => `${prefix}["${key}"]`));

const SECRET_VALUES = [
  /\b[sp]k_(?:test|live)_[0-9A-Za-z]+/g, // merchant API keys
  /\bwhsec_[A-Za-z0-9+/=_-]+/g, // webhook signing secrets (base64: + / = too)
  /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, // JWTs
  /\$argon2[\w$=,+/.-]+/g, // password hashes
  /(Bearer\s+)\S+/gi,
];

export function scrub(text: string): string {
  return SECRET_VALUES.reduce(
    (out, pattern) => out.replace(pattern, (match, bearer?: string) => (typeof bearer === "string" ? `${bearer}[redacted]` : "[redacted]")),
    text,
  );
}

function errSerializer(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error);
  if (!serialized || typeof serialized !== "object") return serialized;
  return { ...serialized, message: scrub(String(serialized.message ?? "")), stack: scrub(String(serialized.stack ?? "")) };
}

export function createLogger(options: LoggerOptions = {}, destination?: DestinationStream) {
  const settings: LoggerOptions = {
    level: setting("LOG_LEVEL") ?? (setting("NODE_ENV") === "test" ? "silent" : "info"),
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: errSerializer, error: errSerializer },
    redact: { paths, censor: "[redacted]" },
    ...options,
  };
  return destination ? pino(settings, destination) : pino(settings);
}

// In production stdout is written asynchronously: lines logged while a write is under way go out
// together in the next one, instead of one blocking write(2) per line, which was a measurable share
// of an API request's CPU under load (bench/api-throughput.ts). pino flushes what is left on exit.
const destination = setting("NODE_ENV") === "production" ? pino.destination({ dest: 1, sync: false }) : undefined;

export const log = createLogger({}, destination);

/**
 * The one line per API request (lib/api/handler.ts), same stream and format without redaction: its
 * fields are fixed and never secret (request id, method, path without the query, status, ms), and
 * the redaction pass (68 paths walked per line) was 3-4% of a link read's CPU (npm run bench profile).
 */
export const accessLog = createLogger({ redact: undefined }, destination);
