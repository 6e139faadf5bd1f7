export type FieldError = { field: string; message: string };

/**
 * The machine-readable `code` of every error body, beside the human `message` (which may change
 * wording): clients branch on the code. One per status, except 400's validation_failed (with `errors`).
 */
export const ERROR_CODES = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  422: "unprocessable",
  429: "rate_limited",
  500: "internal_error",
  502: "processor_error",
  503: "unavailable",
} as const;
export type ErrorStatus = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorStatus] | "validation_failed";

/** The one error type of the API. The route wrapper maps it to `{ message, code, errors? }` with `status`. */
export class ApiError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Machine-readable flags sent beside the message (e.g. `twoFactorRequired: true`). */
    readonly extra?: Record<string, string | boolean | string[]>,
  ) {
    super(message);
    this.name = "ApiError";
    this.code = status === 400 && errors ? "validation_failed" : ERROR_CODES[status];
  }

  static validation(errors: FieldError[]) {
    return new ApiError(400, "Validation failed", errors);
  }
  static badRequest(message: string) {
    return new ApiError(400, message);
  }
  static unauthorized(message = "Invalid or missing authorization") {
    return new ApiError(401, message);
  }
  static forbidden(message = "You do not have permission to do this") {
    return new ApiError(403, message);
  }
  static notFound(message = "Not found") {
    return new ApiError(404, message);
  }
  static conflict(message: string) {
    return new ApiError(409, message);
  }
  static payloadTooLarge(limitBytes: number) {
    return new ApiError(413, `Request body is larger than ${limitBytes} bytes`);
  }
  static tooManyRequests(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError(429, `Too many attempts. Try again in ${seconds} seconds.`, undefined, {
      "Retry-After": String(seconds),
    });
  }
  /** Understood and well-formed, but cannot be done (e.g. a reused Idempotency-Key, a bank account that does not resolve). */
  static unprocessable(message: string) {
    return new ApiError(422, message);
  }
  /** Something on our side failed and the caller should retry (the processor sends its webhook again). */
  static internal(message: string) {
    return new ApiError(500, message);
  }
  /** The payment processor failed or refused; the message carries its (safe) reason. */
  static processor(message: string) {
    return new ApiError(502, message);
  }
  static unavailable(message = "Service temporarily unavailable. Please retry.") {
    return new ApiError(503, message, undefined, { "Retry-After": "5" });
  }
}

/** Maps known database failures to API errors; anything else stays unexpected (500). */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === "P2025") return ApiError.notFound();
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
