// Scalar's API reference, served from our own origin. Scalar 1.46 is the last release that runs on
// Node 20 (1.47+ declares node >= 22), and it ships one browser build: dist/browser/standalone.js.
// It sits under a URL named by its content hash, so it is cached for a year as immutable; a new
// Scalar version means a new URL.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const DIST = join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser");
const ENTRY = "standalone.js";

export const IMMUTABLE = "public, max-age=31536000, immutable";

let hash: string | undefined;

/** The build's content hash: the URL segment that changes with every Scalar version. */
export function scalarHash(): string {
  hash ??= createHash("sha256")
    .update(readFileSync(join(DIST, ENTRY)))
    .digest("hex")
    .slice(0, 16);
  return hash;
}

export const scalarUrl = () => `/docs/scalar/${scalarHash()}/${ENTRY}`;

let bundle: Promise<Buffer | null> | undefined;

/** The build, or null for anything else (an old hash, another file, a path outside the folder). */
export function scalarAsset(urlHash: string, file: string): Promise<Buffer | null> {
  if (urlHash !== scalarHash() || file !== ENTRY) return Promise.resolve(null);
  bundle ??= readFile(join(DIST, ENTRY)).catch(() => null);
  return bundle;
}
