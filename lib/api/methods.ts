import type { NextRequest } from "next/server";
import { accessLog } from "@/lib/log";
import { ApiError } from "./errors";
import { errorResponse, requestIdOf } from "./handler";

// Next answers a method a route module does not export with its own empty 405 (no request id, no
// JSON), and the API lane leaves such requests to Next. So every app/api route module exports the
// other methods too, from here: a JSON 405 with `Allow` and a request id, the same through Next and
// through the lane. OPTIONS is ours as well, or Next's automatic one would list these as allowed.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (req: NextRequest) => Promise<Response>;

/** Handlers answering 405 (tagged, so a test can tell them from real ones). */
export const NOT_ALLOWED = new WeakSet<object>();

/** The Allow header as Next words it: the module's methods, HEAD with GET, and OPTIONS, sorted. */
export function allowHeader(allowed: readonly string[]): string {
  const all = new Set([...allowed, "OPTIONS", ...(allowed.includes("GET") ? ["HEAD"] : [])]);
  return [...all].sort().join(", ");
}

/**
 * The handlers for every method a route module does not implement, plus OPTIONS:
 * `export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");`
 */
export function otherMethods<const M extends readonly Method[]>(...allowed: M): Record<Exclude<Method, M[number]> | "OPTIONS", Handler> {
  const allow = allowHeader(allowed);
  const notAllowed = answer((req, requestId) => errorResponse(ApiError.methodNotAllowed(req.method, allow), requestId, req));
  NOT_ALLOWED.add(notAllowed);
  const options = answer(() => new Response(null, { status: 204, headers: { Allow: allow } }));
  const handlers: Record<string, Handler> = { OPTIONS: options };
  for (const method of METHODS) if (!allowed.includes(method)) handlers[method] = notAllowed;
  return handlers as Record<Exclude<Method, M[number]> | "OPTIONS", Handler>;
}

/**
 * Not route(): nothing here reads the body, the query or credentials, which would answer 413, 400
 * or 401 before the 405. The headers and access log are route()'s.
 */
function answer(make: (req: NextRequest, requestId: string) => Response): Handler {
  return async (req) => {
    const requestId = requestIdOf(req);
    const response = make(req, requestId);
    response.headers.set("x-request-id", requestId);
    response.headers.set("cache-control", "no-store");
    accessLog.info({ requestId, method: req.method, path: req.nextUrl.pathname, status: response.status, ms: 0 }, "request");
    return response;
  };
}
