// The response headers every operation declares, added in one pass over the whole document so no
// domain can forget one: what the route wrapper (lib/api/handler.ts), the limiters
// (lib/api/rate-limit.ts) and idempotency (lib/api/idempotency.ts) put on answers.
// tests/helpers/openapi-validator.ts fails any answer that sends one of them undeclared.
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { z } from "@/lib/zod";
import { LIMITS } from "@/lib/api/limits";
import type { Limiter } from "@/lib/api/rate-limit";
import { LATEST_VERSION, VERSION_NAMES } from "@/lib/api/versions";

type HeaderObject = {
  description: string;
  required?: boolean;
  schema: { type: "string" | "integer"; minimum?: number; enum?: string[]; example?: string };
};

export const HEADER_COMPONENTS = {
  RequestId: {
    description: "This request's id (yours when you sent a valid `x-request-id`); quote it to support, it is also in the request log",
    required: true,
    schema: { type: "string" },
  },
  PaylinkVersion: {
    description: "The API version this answer is shaped by (lib/api/versions.ts)",
    required: true,
    schema: { type: "string", enum: [...VERSION_NAMES], example: LATEST_VERSION },
  },
  RetryAfter: { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 1 } },
  IdempotentReplayed: {
    description: "`true` when this is the stored answer to an earlier request with the same Idempotency-Key (nothing was done again)",
    schema: { type: "string", enum: ["true"] },
  },
  RateLimitLimit: { description: "Requests allowed in this route's window for you (its limit)", schema: { type: "integer", minimum: 1 } },
  RateLimitRemaining: { description: "Requests you have left in the current window", schema: { type: "integer", minimum: 0 } },
  RateLimitReset: { description: "Seconds until the current window ends and the count starts again", schema: { type: "integer", minimum: 1 } },
} satisfies Record<string, HeaderObject>;

/** Header name as sent (the validator compares case-insensitively) → its component. */
export const RESPONSE_HEADERS = {
  "X-Request-Id": "RequestId",
  "Paylink-Version": "PaylinkVersion",
  "Retry-After": "RetryAfter",
  "Idempotent-Replayed": "IdempotentReplayed",
  "RateLimit-Limit": "RateLimitLimit",
  "RateLimit-Remaining": "RateLimitRemaining",
  "RateLimit-Reset": "RateLimitReset",
} as const satisfies Record<string, keyof typeof HEADER_COMPONENTS>;
type HeaderName = keyof typeof RESPONSE_HEADERS;

/**
 * The routes limited by the route wrapper's `rateLimit` option, "METHOD path" → their limiters:
 * every answer of theirs carries RateLimit-*. tests/integration/transparency.test.ts fails when a
 * route file uses `rateLimit` and is missing here.
 */
export const RATE_LIMITED_OPERATIONS: Record<string, Limiter[]> = {
  "GET /api/payment-links/{slug}": [LIMITS.linkRead],
  "POST /api/transactions/initiate": [LIMITS.initiateByIp, LIMITS.initiateByKey],
  "POST /api/auth/forgot-password": [LIMITS.passwordReset],
  "POST /api/auth/reset-password": [LIMITS.passwordReset],
  "POST /api/merchants/{merchantId}/settlement-account/resolve": [LIMITS.accountResolution],
};

const RATE_LIMIT_HEADERS: HeaderName[] = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];

/** Which headers an answer of this status may carry. */
function headersFor(status: number, { idempotent, limited }: { idempotent: boolean; limited: boolean }): HeaderName[] {
  return [
    "X-Request-Id",
    "Paylink-Version",
    ...(status === 429 || status === 503 ? (["Retry-After"] as const) : []),
    // Every limiter's 429 says where the caller stands, whichever route spent it.
    ...(limited || status === 429 ? RATE_LIMIT_HEADERS : []),
    // Replays are of 2xx-4xx answers (5xx are not kept, so a retry really retries).
    ...(idempotent && status < 500 ? (["Idempotent-Replayed"] as const) : []),
  ];
}

/** An operation takes an Idempotency-Key when operation() declared that header for it. */
function isIdempotent(op: ZodOpenApiOperationObject): boolean {
  const header = op.requestParams?.header;
  return header instanceof z.ZodObject && "Idempotency-Key" in header.shape;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export function withResponseHeaders(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const context = { idempotent: isIdempotent(op), limited: `${method.toUpperCase()} ${path}` in RATE_LIMITED_OPERATIONS };
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^\d+$/.test(status) || !response || "$ref" in response) continue;
        const own = response as ZodOpenApiResponseObject;
        const declared = Object.fromEntries(
          headersFor(Number(status), context).map((name) => [name, { $ref: `#/components/headers/${RESPONSE_HEADERS[name]}` }]),
        );
        own.headers = { ...declared, ...(own.headers as Record<string, never> | undefined) };
      }
    }
  }
  return paths;
}

/** "20 per 10 minutes": a limiter's size in words, for descriptions and docs/api.md. */
export function limitInWords(limiter: Limiter): string {
  const d = limiter.durationSeconds;
  const window =
    d % 3600 === 0 ? `${d / 3600 === 1 ? "hour" : `${d / 3600} hours`}` : d % 60 === 0 ? `${d / 60 === 1 ? "minute" : `${d / 60} minutes`}` : `${d} s`;
  return `${limiter.points.toLocaleString("en")} per ${window}`;
}

/** What each limiter counts, for the table in docs/api.md (a test renders it from here and compares). */
const LIMIT_ROWS: [keyof typeof LIMITS, string, string][] = [
  ["linkRead", "`GET /api/payment-links/{slug}`", "address"],
  ["initiateByIp", "`POST /api/transactions/initiate` without a key", "address"],
  ["initiateByKey", "`POST /api/transactions/initiate` with a secret key", "merchant and mode"],
  ["hostedForm", "Hosted pay forms (`/pay/{slug}/checkout`, `/invoice/{id}/pay`)", "address"],
  ["passwordReset", "`POST /api/auth/forgot-password` and `/reset-password`, together", "address"],
  ["accountResolution", "`POST …/settlement-account/resolve`", "user"],
  ["loginByEmail", "Failed log-ins", "e-mail address"],
  ["loginByIp", "Failed log-ins", "address"],
  ["signupByIp", "Sign-ups", "address"],
  ["emailSends", "Verification and reset e-mails", "recipient"],
  ["confirmation", "Wrong passwords or two-factor codes in any confirmation", "account"],
  ["invitationsByMerchant", "Invitations, new and resent", "business"],
  ["invitationResend", "Resends of one invitation", "invitation"],
  ["customerEmailsTest", "Customer e-mails (receipts, invoices), test mode", "business"],
  ["customerEmailsLive", "Customer e-mails (receipts, invoices), live mode", "business"],
];

/** The rate-limit table of docs/api.md, rendered from the limiters themselves. */
export function rateLimitTable(): string {
  const rows = LIMIT_ROWS.map(([name, what, per]) => `| ${what} | ${limitInWords(LIMITS[name])} | ${per} |`);
  return ["| What | Limit | Counted per |", "| --- | --- | --- |", ...rows].join("\n");
}
