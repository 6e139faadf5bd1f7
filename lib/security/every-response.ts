// The production server's last word on headers (scripts/server.ts): whatever answers a request (a
// route, a page, the API lane, or Next on its own: its 308 for a trailing slash, its redirects for `//`
// and `\`, a 404 for `..`, a 500 for a request line it cannot parse), the answer leaves with the base
// security headers and a CSP. An answer that already has them keeps its own, byte for byte.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { API_CSP, BASE_HEADERS } from "./headers.mjs";

/** Answers with no policy of their own (redirects, errors) load nothing: the API's lock-down policy. */
const DEFAULTS = [...BASE_HEADERS, { key: "Content-Security-Policy", value: API_CSP }];

/** Fills in the security headers an answer lacks, just before its head is written (by anyone). */
export function withSecurityHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const given = headerNames(args.find((arg) => typeof arg === "object" && arg !== null));
    for (const { key, value } of DEFAULTS) {
      if (!this.hasHeader(key) && !given.has(key.toLowerCase())) this.setHeader(key, value);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Names in writeHead's headers argument: an object, an array of pairs, or a flat name/value array. */
function headerNames(headers: unknown): Set<string> {
  if (!headers) return new Set();
  if (!Array.isArray(headers)) return new Set(Object.keys(headers as OutgoingHttpHeaders).map((name) => name.toLowerCase()));
  const names = Array.isArray(headers[0]) ? (headers as [string, unknown][]).map(([name]) => name) : headers.filter((_, i) => i % 2 === 0);
  return new Set(names.map((name) => String(name).toLowerCase()));
}

/**
 * The path of a request target Next can serve: origin-form as is, absolute-form (which a server must
 * accept) as its path; null for anything else (`*`, garbage), which Next would answer with a bare 500.
 */
export function originFormTarget(req: IncomingMessage): string | null {
  const target = req.url ?? "";
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return null;
  }
}
