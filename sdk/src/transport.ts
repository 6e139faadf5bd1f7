// The fetch every call goes through: a timeout per attempt, retries with exponential backoff and
// jitter that honour Retry-After, and one Idempotency-Key per logical POST reused by its retries.

export type RetryOptions = {
  /** Retries after the first attempt (default 2; 0 turns retrying off). */
  maxRetries?: number;
  /** The first backoff, doubled each retry, with jitter (default 500 ms). */
  initialDelayMs?: number;
  /** No wait is longer than this, Retry-After included (default 30 s). */
  maxDelayMs?: number;
};

export type TransportOptions = RetryOptions & {
  /** Per attempt (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Without Idempotency-Key a repeated POST or PATCH could act twice; GET, HEAD, PUT and DELETE cannot. */
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Seconds or an HTTP date, as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** A status worth asking again: rate limited or unavailable always, other 5xx only when repeating is safe. */
function retryable(status: number, idempotent: boolean): boolean {
  return status === 429 || status === 503 || (idempotent && status >= 500);
}

/** Thrown when an attempt runs out of time (so callers can tell it from their own abort). */
export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = "TimeoutError";
  }
}

export function createTransport(options: TransportOptions = {}): (request: Request) => Promise<Response> {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? 2;
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;

  return async (request) => {
    const headers = new Headers(request.headers);
    // Once per logical call: every retry of it carries the same key, so the server acts once.
    if (request.method === "POST" && !headers.has("idempotency-key")) headers.set("Idempotency-Key", crypto.randomUUID());
    const idempotent = IDEMPOTENT_METHODS.has(request.method) || headers.has("idempotency-key");
    // Read once: a body stream can be sent only once, and each attempt needs a fresh request.
    const body = request.body ? await request.arrayBuffer() : undefined;

    for (let attempt = 0; ; attempt++) {
      const backoff = Math.min(maxDelayMs, initialDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await baseFetch(new Request(request.url, { method: request.method, headers, body, signal, redirect: request.redirect }));
      } catch (error) {
        if (request.signal?.aborted) throw error;
        const failure = timeout.aborted ? new TimeoutError(timeoutMs) : error;
        if (!idempotent || attempt >= maxRetries) throw failure;
        await sleep(backoff, request.signal);
        continue;
      }
      if (!retryable(response.status, idempotent) || attempt >= maxRetries) return response;
      const asked = retryAfterMs(response.headers.get("retry-after"));
      // A wait longer than we allow: give the caller the answer instead of sleeping past it.
      if (asked !== null && asked > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(asked ?? backoff, request.signal);
    }
  };
}
