import { docPathOf, STATUS_CODES, type ErrorCode, type ErrorStatus } from "./error-codes";

export type FieldError = { field: string; message: string };
export type { ErrorCode, ErrorStatus };

export type ApiErrorOptions = {
  status: ErrorStatus;
  message: string;
  /** The cause's own code (lib/api/error-codes.ts); without it, the status's fallback. */
  code?: ErrorCode;
  /** The one field or parameter at fault; a single field error names it on its own. */
  param?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Machine-readable flags sent beside the message (e.g. `twoFactorRequired: true`). */
  extra?: Record<string, string | boolean | string[]>;
};
export type ErrorBody = { [key: string]: string | boolean | string[] | FieldError[] };
/** What a static helper lets a caller add: the cause's code and the field at fault. */
export type Cause = { code?: ErrorCode; param?: string };

/** The one error type of the API. The route wrapper answers it with `status` and `errorBody()`. */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly param?: string;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, string | boolean | string[]>;

  constructor(options: ApiErrorOptions) {
    super(options.message);
    this.name = "ApiError";
    this.status = options.status;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extra = options.extra;
    this.code = options.code ?? (options.status === 400 && options.errors ? "validation_failed" : STATUS_CODES[options.status]);
    const only = options.errors?.length === 1 ? options.errors[0]!.field : undefined;
    this.param = options.param ?? (only && only !== "body" ? only : undefined);
  }

  static validation(errors: FieldError[], cause?: Cause) {
    return new ApiError({ status: 400, message: "Validation failed", errors, ...cause });
  }
  static badRequest(message: string, cause?: Cause) {
    return new ApiError({ status: 400, message, ...cause });
  }
  /** A Paylink-Version header that names no version (lib/api/versions.ts). */
  static invalidApiVersion(message: string, known: string[]) {
    return new ApiError({ status: 400, message, code: "invalid_api_version", param: "Paylink-Version", extra: { knownVersions: known } });
  }
  static unauthorized(message = "Invalid or missing authorization", cause?: Cause) {
    return new ApiError({ status: 401, message, ...cause });
  }
  static forbidden(message = "You do not have permission to do this", cause?: Cause) {
    return new ApiError({ status: 403, message, ...cause });
  }
  /** The path exists but not with this method; `allow` is what it takes (the Allow header). */
  static methodNotAllowed(method: string, allow: string) {
    return new ApiError({ status: 405, message: `${method} is not allowed here. Allowed: ${allow}`, headers: { Allow: allow } });
  }
  static notFound(message = "Not found", cause?: Cause) {
    return new ApiError({ status: 404, message, ...cause });
  }
  /** A resource looked up by id that this merchant (in this mode) does not have: Stripe's resource_missing. */
  static missing(message: string, param = "id") {
    return new ApiError({ status: 404, message, code: "resource_missing", param });
  }
  static conflict(message: string, cause?: Cause) {
    return new ApiError({ status: 409, message, ...cause });
  }
  static payloadTooLarge(limitBytes: number) {
    return new ApiError({ status: 413, message: `Request body is larger than ${limitBytes} bytes` });
  }
  static tooManyRequests(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError({ status: 429, message: `Too many attempts. Try again in ${seconds} seconds.`, headers: { "Retry-After": String(seconds) } });
  }
  /** Understood and well-formed, but cannot be done (e.g. a reused Idempotency-Key, a bank account that does not resolve). */
  static unprocessable(message: string, cause?: Cause) {
    return new ApiError({ status: 422, message, ...cause });
  }
  /** Something on our side failed and the caller should retry (the processor sends its webhook again). */
  static internal(message: string) {
    return new ApiError({ status: 500, message });
  }
  /** The payment processor failed or refused; the message carries its (safe) reason. */
  static processor(message: string) {
    return new ApiError({ status: 502, message });
  }
  static unavailable(message = "Service temporarily unavailable. Please retry.") {
    return new ApiError({ status: 503, message, headers: { "Retry-After": "5" } });
  }
}

/**
 * The JSON body of an error: what the wrapper answers and what an idempotent replay answers again.
 * Keys are in PostgreSQL jsonb's order (shorter first, then bytewise), so the body stored for a
 * replay comes back out of the jsonb column byte for byte as first sent.
 */
export function errorBody(error: ApiError, requestId: string, appUrl: string): ErrorBody {
  const body: ErrorBody = {
    ...error.extra,
    message: error.message,
    code: error.code,
    ...(error.param !== undefined && { param: error.param }),
    ...(error.errors && { errors: error.errors }),
    requestId,
    docUrl: new URL(docPathOf(error.code), appUrl).toString(),
  };
  return jsonbOrder(body);
}

function jsonbOrder(body: ErrorBody): ErrorBody {
  const keys = Object.keys(body).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, body[key]!]));
}

/** Maps known database failures to API errors; anything else stays unexpected (500). */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === "P2025") return ApiError.notFound(undefined, { code: "resource_missing" });
  // The database is unreachable, restarting or full: a retryable outage, not a bug.
  if (isDatabaseOutage(error)) return ApiError.unavailable();
  return undefined;
}

// Prisma: can't reach the server, timed out, connection closed, pool timeout.
const OUTAGE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// @prisma/adapter-pg's kinds for the same (raw queries report them under P2010).
const OUTAGE_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// SQLSTATE 08… connection exceptions, 57P01–57P03 shutting down / crashed / starting up, 53300 too many connections.
const OUTAGE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const OUTAGE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
// node-postgres throws plain Errors (no code) when a connection drops or cannot be made in time.
const OUTAGE_MESSAGE =
  /Connection terminated (unexpectedly|due to connection timeout)|timeout exceeded when trying to connect|Client has encountered a connection error/;

type MaybeDbError = {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
};

/** True for the ways a lost, refused, restarting or saturated database shows up (Prisma, adapter, pg, socket). */
export function isDatabaseOutage(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 3) return false;
  const e = error as MaybeDbError;
  const code = typeof e.code === "string" ? e.code : "";
  const adapter = e.meta?.driverAdapterError?.cause;
  if (OUTAGE_PRISMA_CODES.has(code) || OUTAGE_SOCKET_CODES.has(code) || OUTAGE_SQLSTATE.test(code)) return true;
  if (typeof adapter?.kind === "string" && OUTAGE_ADAPTER_KINDS.has(adapter.kind)) return true;
  if (typeof adapter?.originalCode === "string" && OUTAGE_SQLSTATE.test(adapter.originalCode)) return true;
  if (typeof e.message === "string" && OUTAGE_MESSAGE.test(e.message)) return true;
  // Every pooled connection stayed busy past the transaction's maxWait: overloaded, so retry later.
  if (code === "P2028" && typeof e.message === "string" && e.message.includes("Unable to start a transaction")) return true;
  return isDatabaseOutage(e.cause, depth + 1);
}

export function isUniqueViolation(error: unknown, field?: string): boolean {
  const e = error as { code?: unknown; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[]; index?: string } } } } };
  if (e?.code !== "P2002") return false;
  if (!field) return true;
  const target = e.meta?.target ?? e.meta?.driverAdapterError?.cause?.constraint?.fields ?? e.meta?.driverAdapterError?.cause?.constraint?.index;
  return Array.isArray(target) ? target.some((t) => String(t).includes(field)) : String(target ?? "").includes(field);
}
