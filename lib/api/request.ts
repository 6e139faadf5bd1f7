import type { NextRequest } from "next/server";
import { ApiError } from "./errors";
import { setting } from "@/lib/config";
import { parseJson } from "./json";

/** Reads a JSON body, refusing one over `limit` bytes (413) and malformed JSON (400). Empty means {}. */
export async function readBody(req: NextRequest, limit: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw ApiError.payloadTooLarge(limit);
  const text = await readText(req, limit);
  if (text.trim() === "") return {};
  const { value, problem } = parseJson(text);
  if (problem) throw ApiError.validation([problem]);
  return value;
}

/** Reads a form post (urlencoded or multipart) of at most `limit` bytes; a malformed one reads as empty. */
export async function readForm(req: Request, limit: number): Promise<FormData> {
  const text = await readText(req, limit);
  const contentType = req.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  return new Response(text, { headers: { "content-type": contentType } }).formData().catch(() => new FormData());
}

/**
 * A multipart/form-data body (a file upload) of at most `limit` bytes. Anything else, or a body
 * that does not parse, is a 400 naming the body.
 */
export async function readMultipart(req: Request, limit: number): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  if (Number(req.headers.get("content-length") ?? "0") > limit) throw ApiError.payloadTooLarge(limit);
  const bytes = await readBytes(req, limit);
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw ApiError.validation([{ field: "body", message: "Send the file as multipart/form-data" }]);
  try {
    return await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw ApiError.validation([{ field: "body", message: "Body must be valid multipart/form-data" }]);
  }
}

/** Reads the raw body as text, stopping as soon as it passes `limit` bytes. */
export async function readText(req: Request, limit: number): Promise<string> {
  return (await readBytes(req, limit)).toString("utf8");
}

/** Reads the raw body, stopping as soon as it passes `limit` bytes. */
export async function readBytes(req: Request, limit: number): Promise<Buffer> {
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw ApiError.payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The rate-limit key used for every caller when no proxy is trusted to name the client. */
export const DIRECT_CLIENT = "direct";

/**
 * The caller's address, for per-IP rate limits and the audit log. Route handlers are not given the
 * socket address, and `next start` only fills X-Forwarded-For with it when the client sent none, so the
 * header is believed only as far as TRUST_PROXY says: with N trusted proxies (each appends the address
 * it saw), the client is the N-th entry from the right; anything further left is the client's own claim.
 * TRUST_PROXY=0 (the default) trusts nothing: every caller shares one key.
 */
export function clientIp(req: Request): string {
  return clientIpFrom(req.headers.get("x-forwarded-for"));
}

export function clientIpFrom(forwardedFor: string | null | undefined): string {
  const hops = trustedProxies();
  if (hops === 0 || !forwardedFor) return DIRECT_CLIENT;
  const chain = forwardedFor
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // Fewer entries than trusted proxies: the request did not come through them all.
  const ip = chain.length >= hops ? chain[chain.length - hops] : chain[0];
  return ip && ip.length <= 64 ? ip : DIRECT_CLIENT;
}

function trustedProxies(): number {
  return setting("TRUST_PROXY") ?? 0;
}
