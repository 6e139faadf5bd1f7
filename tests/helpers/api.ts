// Calls the real route handlers (app/api/**/route.ts) with real requests the way production serves
// them: an /api request goes through the API lane (lib/api/lane: the route table, params decoded from
// the path, next.config's headers), which must reach the very handler the test names. What the lane
// leaves to Next (escaped paths, pages outside /api) is handed to the handler as Next would.
// Every answer of an /api route is checked against the OpenAPI document (./openapi-validator.ts): an
// undocumented operation, status, content type or body fails the test that made the call.
import path from "node:path";
import { NextRequest } from "next/server";
import { answerApi, resolveApi } from "@/lib/api/lane/dispatch";
import { apiRouteFiles, apiRouteTable } from "@/lib/api/lane/routes";
import { assertDocumented } from "./openapi-validator";

/** The lane's table over the sources: each module is the instance the test files import. */
const lane = apiRouteTable(apiRouteFiles(path.resolve("app")).map(({ page, file }) => ({ page, load: () => import(path.resolve("app", file)) })));

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
  const res = await serve(handler, req, options);
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
      headers: res.headers,
    });
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}

async function serve(handler: Handler, req: NextRequest, options: CallOptions): Promise<Response> {
  const resolved = await resolveApi(lane, req.method, req.nextUrl.pathname);
  if (!resolved) return handler(req, { params: Promise.resolve(options.params ?? {}) });
  if (resolved.handler !== handler) throw new Error(`call: ${req.method} ${options.path} reaches ${resolved.page}, not the handler the test passed`);
  const answer = await answerApi(req, resolved);
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}
