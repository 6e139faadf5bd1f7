import { readFile } from "node:fs/promises";
import { join } from "node:path";

// Scalar's self-contained browser bundle, served from our own origin (no CDN at run time).
const BUNDLE = join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
let cached: Promise<Buffer> | undefined;

export async function GET() {
  cached ??= readFile(BUNDLE);
  return new Response(new Uint8Array(await cached), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
