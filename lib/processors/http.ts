// The one way adapters talk to a processor's API: JSON in, JSON out, a hard timeout, and every
// failure turned into a ProcessorError whose message is safe to show (never the secret key).
import { timingSafeEqual } from "node:crypto";
import { z } from "@/lib/zod";
import { ProcessorError } from "./types";

export type HttpMethod = "GET" | "POST" | "PUT";

export type RequestOptions = {
  method: HttpMethod;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
};

/** Sends a JSON request and answers the parsed JSON body of a 2xx response. */
export async function requestJson(url: string, options: RequestOptions): Promise<unknown> {
  const secret = bearerToken(options.headers);
  let status: number;
  let text: string;
  let retryAfter: string | null = null;
  try {
    const response = await fetch(url, {
      method: options.method,
      headers: {
        accept: "application/json",
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // A processor API never redirects; following one could send our key elsewhere.
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = response.status;
    retryAfter = response.headers.get("retry-after");
    text = await response.text(); // the timeout also covers a body that never finishes
  } catch (error) {
    if (isTimeout(error)) throw new ProcessorError(`Processor request timed out after ${options.timeoutMs / 1000}s`, "timeout");
    // The cause's text may name hosts or addresses: keep it out of a message users may see.
    throw new ProcessorError("Could not reach the processor", "unavailable");
  }

  const body = parseJson(text);
  if (status >= 200 && status < 300) {
    if (body === undefined) throw invalidResponse();
    return body;
  }
  const message = redact(processorMessage(body), secret);
  // Too many requests is the processor pacing us, never a refusal: the caller waits and tries again.
  if (status === 429) throw new ProcessorError(message ?? "Processor rate limit reached (HTTP 429)", "unavailable", retryAfterMs(retryAfter));
  if (status >= 500) throw new ProcessorError(message ?? `Processor is unavailable (HTTP ${status})`, "unavailable");
  if (message === null) throw invalidResponse();
  throw new ProcessorError(message, "declined");
}

/** Retry-After as milliseconds (seconds or an HTTP date); 1 s when absent or unreadable, at most a minute. */
function retryAfterMs(header: string | null): number {
  const seconds = header === null ? NaN : Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : header ? Date.parse(header) - Date.now() : NaN;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 1000), 60_000) : 1000;
}

/** Runs one request; a rate limit (lib/processors/throttle.ts) wraps the requests of background reads. */
export type Gate = <T>(send: () => Promise<T>) => Promise<T>;

/**
 * A client for one processor API whose answers come in an envelope `{ status, message, data, meta? }`:
 * `status` is `ok` on success (Paystack: true, Flutterwave: "success") and `failed` on refusal.
 * Each call checks `data` against the caller's schema; `call.page` also answers the envelope's `meta`
 * (pagination), checked against its own schema.
 */
export function envelopeClient(options: {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
  ok: true | "success";
  failed: false | "error";
  gate?: Gate | undefined;
}) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const failure = z.object({ status: z.literal(options.failed), message: z.string().min(1) });
  const envelope = z.object({ status: z.literal(options.ok), data: z.unknown(), meta: z.unknown().optional() });

  async function send(method: HttpMethod, path: string, body?: unknown): Promise<z.output<typeof envelope>> {
    const request = () =>
      requestJson(`${baseUrl}${path}`, { method, body, headers: { authorization: `Bearer ${options.secretKey}` }, timeoutMs: options.timeoutMs });
    const json = await (options.gate ? options.gate(request) : request());
    const refused = failure.safeParse(json);
    if (refused.success) throw new ProcessorError(refused.data.message, "declined");
    const wrapped = envelope.safeParse(json);
    if (!wrapped.success) throw invalidResponse();
    return wrapped.data;
  }

  async function call<T extends z.ZodType>(schema: T, method: HttpMethod, path: string, body?: unknown): Promise<z.output<T>> {
    const parsed = schema.safeParse((await send(method, path, body)).data);
    if (!parsed.success) throw invalidResponse();
    return parsed.data;
  }

  call.page = async function page<T extends z.ZodType, M extends z.ZodType>(
    schema: T,
    metaSchema: M,
    path: string,
  ): Promise<{ data: z.output<T>; meta: z.output<M> }> {
    const answer = await send("GET", path);
    const data = schema.safeParse(answer.data);
    const meta = metaSchema.safeParse(answer.meta);
    if (!data.success || !meta.success) throw invalidResponse();
    return { data: data.data, meta: meta.data };
  };

  return call;
}

export function invalidResponse(): ProcessorError {
  return new ProcessorError("Invalid response from processor", "invalid_response");
}

/** Constant-time string comparison; unequal lengths are simply unequal. */
export function safeCompare(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || (error.cause instanceof Error && error.cause.name === "TimeoutError"));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Both Paystack and Flutterwave put their explanation in a top-level `message`. */
function processorMessage(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("message" in body)) return null;
  const { message } = body;
  return typeof message === "string" && message.trim() ? message.trim() : null;
}

function bearerToken(headers: Record<string, string> | undefined): string | null {
  const value = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "authorization")?.[1];
  return value?.replace(/^Bearer\s+/i, "") || null;
}

/** A processor could echo the key it rejected; it must not reach our logs or users. */
function redact(message: string | null, secret: string | null): string | null {
  return message && secret ? message.split(secret).join("[redacted]") : message;
}
