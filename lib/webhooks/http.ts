// The one HTTP client for outbound webhooks: no redirects followed (undici's request() never
// follows them), a 10 s budget per attempt (WEBHOOK_TIMEOUT_MS), and a DNS lookup that refuses non-public addresses
// at connect time, so the address we check is the address we connect to (no DNS rebinding).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { readFileSync, statSync } from "node:fs";
import { isIP, type LookupFunction } from "node:net";
import { createSecureContext, rootCertificates } from "node:tls";
import { Agent, request } from "undici";
import { setting } from "@/lib/config";
import { isPrivateAddress, privateUrlsAllowed, UnsafeUrlError } from "./url-safety";

export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_LOG_BYTES = 1024;

const safeLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const usable = privateUrlsAllowed() ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
    if (usable.length === 0) return callback(new UnsafeUrlError(hostname), "", 0);
    // net.connect asks for every address when it races IPv4/IPv6 (autoSelectFamily).
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  });
};

/**
 * Tests only: WEBHOOK_TEST_CA_FILE names a PEM certificate to trust in addition to the public
 * roots (a self-signed test receiver). TLS verification stays on in every case.
 */
function extraCa(): { pem: string; mtime: number } | null {
  const file = setting("WEBHOOK_TEST_CA_FILE");
  if (!file) return null;
  try {
    return { pem: readFileSync(file, "utf8"), mtime: statSync(file).mtimeMs };
  } catch {
    return null;
  }
}

/** The per-attempt budget: WEBHOOK_TIMEOUT_MS (the fault tests shorten it), else 10 s. */
export function deliveryTimeoutMs(): number {
  return setting("WEBHOOK_TIMEOUT_MS") ?? DEFAULT_DELIVERY_TIMEOUT_MS;
}

let cached: { agent: Agent; key: string } | undefined;

function agent(): Agent {
  const file = setting("WEBHOOK_TEST_CA_FILE");
  // A new pool when the trust or the address policy changes, so no connection outlives its check.
  const stamp = `${privateUrlsAllowed()}:${deliveryTimeoutMs()}:${file ? `${file}:${safeMtime(file)}` : ""}`;
  if (cached?.key === stamp) return cached.agent;
  const ca = file ? extraCa() : null;
  void cached?.agent.close();
  cached = {
    key: stamp,
    agent: new Agent({
      // One secure context, built once: a `ca` list would be parsed again for every connection.
      connect: {
        lookup: safeLookup,
        timeout: deliveryTimeoutMs(),
        ...(ca ? { secureContext: createSecureContext({ ca: [...rootCertificates, ca.pem] }) } : {}),
      },
      // Enough parallel connections per receiver for hundreds of deliveries a second.
      connections: 64,
      keepAliveTimeout: 30_000,
    }),
  };
  return cached.agent;
}

function safeMtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

export type PostResult = { statusCode: number | null; responseBody: string | null; error: string | null; durationMs: number };

/** POSTs one signed delivery; never throws (every outcome is logged as an attempt). */
export async function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<PostResult> {
  const started = performance.now();
  const timeoutMs = deliveryTimeoutMs();
  const done = (partial: Omit<PostResult, "durationMs">): PostResult => ({ ...partial, durationMs: Math.round(performance.now() - started) });
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    // IP literals skip the DNS lookup, so check them here.
    if (isIP(host) && !privateUrlsAllowed() && isPrivateAddress(host)) throw new UnsafeUrlError(host);
    const res = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Paylink-Webhooks/1.0", ...headers },
      body,
      dispatcher: agent(),
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const responseBody = await readPrefix(res.body);
    return done({ statusCode: res.statusCode, responseBody, error: null });
  } catch (error) {
    return done({ statusCode: null, responseBody: null, error: describe(error, timeoutMs) });
  }
}

/** The first RESPONSE_LOG_BYTES of the answer; stops reading large bodies early. */
async function readPrefix(body: AsyncIterable<Buffer> & { destroy?: () => void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_LOG_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_LOG_BYTES).toString("utf8");
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof UnsafeUrlError) return error.message;
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError" || e?.code === "UND_ERR_HEADERS_TIMEOUT" || e?.code === "UND_ERR_CONNECT_TIMEOUT") {
    return `Timed out after ${timeoutMs / 1000} s`;
  }
  const cause = e?.cause instanceof UnsafeUrlError ? e.cause.message : undefined;
  const text = cause ?? [e?.code, e?.message].filter(Boolean).join(": ");
  return (text || "Request failed").slice(0, 500);
}
