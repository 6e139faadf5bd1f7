export type FieldError = { field: string; message: string };

/** The one error type of the API. Route wrapper maps it to `{ message, errors? }` with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
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
  static unavailable(message = "Service temporarily unavailable. Please retry.") {
    return new ApiError(503, message, undefined, { "Retry-After": "5" });
  }
}

/** Maps known database failures to API errors; anything else stays unexpected (500). */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === "P2025") return ApiError.notFound();
  // Connection refused/reset, pool timeout, server shutting down: a retryable outage, not a bug.
  if (code === "P1001" || code === "P1017" || code === "P2024" || code === "ECONNREFUSED" || code === "57P01") {
    return ApiError.unavailable();
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, field?: string): boolean {
  const e = error as { code?: unknown; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[]; index?: string } } } } };
  if (e?.code !== "P2002") return false;
  if (!field) return true;
  const target = e.meta?.target ?? e.meta?.driverAdapterError?.cause?.constraint?.fields ?? e.meta?.driverAdapterError?.cause?.constraint?.index;
  return Array.isArray(target) ? target.some((t) => String(t).includes(field)) : String(target ?? "").includes(field);
}
