// Scalar's API reference, served from our own origin: its code-split ES module build (the entry and
// the chunks it imports on demand) instead of the single 4.3 MB script (1.26 MB gzip), so /docs
// loads about 0.8 MB gzip up front and the rest (the AI agent, most editors) only when used. Every
// file sits under a URL named by the entry's content hash, so it is cached for a year as immutable;
// a new Scalar version means new URLs.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const DIST = join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser");
const ENTRY = "standalone.esm.js";
/** The entry, or one of its chunks (content-hashed names); nothing else in the folder, no source maps. */
const SERVABLE = /^(?:standalone\.esm\.js|chunks\/[A-Za-z0-9._-]+\.js)$/;

export const IMMUTABLE = "public, max-age=31536000, immutable";

let version: { hash: string; preload: string[] } | undefined;

/** The entry's content hash (the URL segment) and the chunks it imports statically (preloaded). */
export function scalarVersion() {
  if (!version) {
    const entry = readFileSync(join(DIST, ENTRY));
    const hash = createHash("sha256").update(entry).digest("hex").slice(0, 16);
    const preload = [...new Set([...entry.toString("utf8").matchAll(/from\s*["`]\.\/(chunks\/[A-Za-z0-9._-]+\.js)["`]/g)].map((m) => m[1]!))];
    version = { hash, preload };
  }
  return version;
}

export const scalarUrl = (file: string) => `/docs/scalar/${scalarVersion().hash}/${file}`;
export const scalarEntryUrl = () => scalarUrl(ENTRY);

const cache = new Map<string, Promise<Buffer | null>>();

/** A file of the current build, or null (unknown hash, a path outside the build, a missing file). */
export function scalarAsset(hash: string, file: string): Promise<Buffer | null> {
  if (hash !== scalarVersion().hash || !SERVABLE.test(file)) return Promise.resolve(null);
  let found = cache.get(file);
  if (!found) {
    found = readFile(join(DIST, file)).catch(() => null);
    cache.set(file, found);
  }
  return found;
}
