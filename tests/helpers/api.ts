// Calls the real route handlers (app/api/**/route.ts) with real requests, as Next.js would, and
// checks every answer of an /api route against the OpenAPI document (./openapi-validator.ts): an
// undocumented operation, status, content type or body fails the test that made the call.
import { NextRequest } from "next/server";
import { assertDocumented } from "./openapi-validator";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path: string;
  params?: Record<string, string | string[]>;
  /** An object is sent as JSON; a string is sent as-is. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /**
   * Skips the OpenAPI check, with the reason. Only for answers that are no API operation (the
   * catch-all 404 for unknown /api paths, a processor name that does not exist). Non-JSON bodies
   * need no opt-out: their content type is checked, not their bytes.
   */
  unchecked?: string;
};

/** Pages outside /api (hosted pages, the docs) are not in the API document. */
const PAGE_ROUTE = /^\/(receipt|invoice|pay|checkout|docs)(\/|$)/;

export type CallResult<T = any> = { status: number; body: T; headers: Headers; text: string };

export async function call<T = any>(handler: Handler, options: CallOptions): Promise<CallResult<T>> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (!options.path.startsWith("/")) throw new Error(`call: give the request's real path, not "${options.path}" (the OpenAPI check finds the operation by it)`);
  const req = new NextRequest(new URL(options.path, "http://localhost:3000"), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain-text responses stay as text
  }
  if (!options.unchecked && !PAGE_ROUTE.test(options.path)) {
    assertDocumented({
      method: req.method,
      path: options.path,
      params: options.params,
      status: res.status,
      contentType: res.headers.get("content-type"),
      text,
    });
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}
