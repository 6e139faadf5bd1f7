import type { NextRequest } from "next/server";
import { ApiError } from "./errors";

/** Reads a JSON body, refusing one over `limit` bytes (413) and malformed JSON (400). Empty means {}. */
export async function readBody(req: NextRequest, limit: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw ApiError.payloadTooLarge(limit);
  const text = await readText(req, limit);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.validation([{ field: "body", message: "Body must be valid JSON" }]);
  }
}

/** Reads the raw body as text, stopping as soon as it passes `limit` bytes. */
export async function readText(req: Request, limit: number): Promise<string> {
  if (!req.body) return "";
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
  return Buffer.concat(chunks).toString("utf8");
}

export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || req.headers.get("x-real-ip") || "unknown";
}
