// The API lane's request step: finds the route module for a request, calls its handler as Next.js
// would, and answers with the headers Next would add (next.config.mjs `headers()`), merged by Next's
// rules. Whatever Next answers on its own (see resolveApi) is left to Next.
import type { NextRequest } from "next/server";
import nextConfig from "@/next.config.mjs";
import { getPathMatch, NEXT_ROUTER_PREFETCH_HEADER, NEXT_ROUTER_SEGMENT_PREFETCH_HEADER, NEXT_ROUTER_STATE_TREE_HEADER, RSC_HEADER } from "./next-internals";
import { matchApiRoute, type ApiRoute, type RouteHandler, type RouteParams } from "./routes";

/** A response header as Node writes it: name (case kept) and value. */
export type HeaderLine = [name: string, value: string];

export type LaneAnswer = { status: number; statusText: string; headers: HeaderLine[]; body: ReadableStream<Uint8Array> | null };

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

type ConfigHeaderRule = { match: ReturnType<typeof getPathMatch>; headers: { key: string; value: string }[] };
let configRules: Promise<ConfigHeaderRule[]> | undefined;

/** next.config.mjs's header rules, matched as Next's router matches them (strict, case-insensitive). */
function headerRules(): Promise<ConfigHeaderRule[]> {
  configRules ??= Promise.resolve(nextConfig.headers?.() ?? []).then((rules) =>
    rules.map((rule) => ({ match: getPathMatch(rule.source, { strict: true, removeUnnamedParams: true }), headers: rule.headers })),
  );
  return configRules;
}

/** The config's headers for a path, in order; a later rule's value for a name replaces an earlier one's (as in Next). */
async function configHeaders(pathname: string): Promise<HeaderLine[]> {
  const found = new Map<string, HeaderLine>();
  for (const rule of await headerRules()) {
    if (!rule.match(pathname)) continue;
    for (const { key, value } of rule.headers) found.set(key, [key, value]);
  }
  return [...found.values()];
}

/** Next marks every App Router answer, route handlers included, as varying with its router's request headers. */
const APP_VARY: HeaderLine = ["vary", [RSC_HEADER, NEXT_ROUTER_STATE_TREE_HEADER, NEXT_ROUTER_PREFETCH_HEADER, NEXT_ROUTER_SEGMENT_PREFETCH_HEADER].join(", ")];

/** Headers that may appear more than once; Next keeps only the first of any other name (its config's wins). */
const REPEATABLE = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);
/** Framing is the server's business, not the handler's (Next drops these too). */
const FRAMING = new Set(["content-length", "content-encoding", "transfer-encoding"]);

/** Merges the handler's headers after the config's exactly as Next's sendResponse does. */
export function mergeHeaders(config: HeaderLine[], response: Response): HeaderLine[] {
  const lines = [...config];
  const present = new Set(config.map(([name]) => name.toLowerCase()));
  response.headers.forEach((value, name) => {
    if (FRAMING.has(name)) return;
    // Iteration yields each set-cookie on its own; the rest are one line per name.
    if (REPEATABLE.has(name) || !present.has(name)) {
      lines.push([name, value]);
      present.add(name);
    }
  });
  return lines;
}

export type ResolvedApiRoute = { page: string; handler: RouteHandler; params: RouteParams };

/**
 * The handler a request reaches, decided from its method and raw path alone (before anything reads
 * the body), or null when Next should answer: a route only Next serves, a method the module does not
 * export (Next's automatic HEAD, OPTIONS and 405), an escaped path (Next decodes before matching).
 */
export async function resolveApi(table: ApiRoute[], method: string, pathname: string): Promise<ResolvedApiRoute | null> {
  if (!METHODS.has(method) || pathname.includes("%")) return null;
  const found = matchApiRoute(table, pathname);
  if (!found?.route.load) return null;
  const handler = (await found.route.load())[method];
  return typeof handler === "function" ? { page: found.route.page, handler: handler as RouteHandler, params: found.params } : null;
}

/** Calls the route's handler as Next does and answers with Next's headers for the path. */
export async function answerApi(req: NextRequest, resolved: ResolvedApiRoute): Promise<LaneAnswer> {
  const response = await resolved.handler(req, { params: Promise.resolve(resolved.params) });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: mergeHeaders([...(await configHeaders(req.nextUrl.pathname)), APP_VARY], response),
    body: response.body,
  };
}
