import { createHash, randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import type { z } from "@/lib/zod";
import { accessLog, log } from "@/lib/log";
import { config, setting } from "@/lib/config";
import { authenticate, type ApiKeyPrincipal, type Principal, type UserPrincipal } from "@/lib/auth/principal";
import { requireMerchantAccess, type MerchantAccess } from "@/lib/auth/access";
import type { Permission } from "@/lib/auth/permissions";
import { ApiError, errorBody, toApiError } from "./errors";
import { json } from "./respond";
import { fieldErrors } from "./validation";
import { unknownFieldMessage, unknownFields } from "./strict";
import { clientIp, DIRECT_CLIENT, readBody, readMultipart, readText } from "./request";
import { withIdempotency } from "./idempotency";
import { recordApiRequest } from "./request-log";
import { rateLimitHeaders, type Limiter, type RateLimitState } from "./rate-limit";
import { LATEST_VERSION, requestedVersion, VERSION_HEADER, type ApiVersion, type Shape } from "./versions";
import { answerInVersion, versionOfRequest } from "./api-version";

/**
 * Who may call a route:
 * - public: nobody needs credentials (any sent are ignored);
 * - user: a login JWT or the dashboard session;
 * - userOrKey: those, or a merchant secret key;
 * - keyOrPublic: a merchant secret key when one is sent (it must be valid), else nothing (hosted pages).
 */
export type AuthMode = "public" | "user" | "userOrKey" | "keyOrPublic";

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.output<S> : undefined;

export type RouteOptions<A extends AuthMode, B, Q, P, M extends Permission | undefined = undefined> = {
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /** For /api/merchants/:merchantId/...: the merchant is resolved and this permission enforced. */
  merchant?: M;
  /**
   * Where the merchant's id is: the path (default), or the `merchantId` query parameter, which a
   * secret key may leave out (its own merchant) and a user must send (/api/events).
   */
  merchantFrom?: "path" | "query";
  /** Largest accepted body in bytes (default 64 KiB). */
  bodyLimit?: number;
  /** Honour an Idempotency-Key header (POSTs that create something). */
  idempotent?: boolean;
  /** Hand the handler the raw body text, unparsed (processor webhooks sign the exact bytes). */
  rawBody?: boolean;
  /** Read the body as multipart/form-data (file uploads) into `form`; anything else is a 400. */
  multipart?: boolean;
  /** Spends one attempt per call, after authentication and before the body is read (bad requests count too). */
  rateLimit?: (caller: { principal: Principal | null; ip: string }) => [Limiter, string];
  /** Where the answer's versioned resources are (lib/api/versions.ts): older versions get their shape there. */
  versioned?: Shape;
};

/** What a handler gets; `merchant` only when the route names a `merchant:` permission. */
export type RouteContext<A extends AuthMode, B, Q, P, M extends Permission | undefined = undefined> = {
  req: NextRequest;
  requestId: string;
  ip: string;
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  principal: A extends "public" ? null : A extends "user" ? UserPrincipal : A extends "keyOrPublic" ? ApiKeyPrincipal | null : Principal;
  rawBody: string;
  /** The multipart body, for routes with `multipart: true`. */
  form: FormData;
  /** The API version this request is answered in (what a new webhook endpoint is pinned to). */
  apiVersion: ApiVersion;
} & (M extends Permission ? { merchant: MerchantAccess } : unknown);

type NextContext = { params: Promise<Record<string, string | string[]>> };

const DEFAULT_BODY_LIMIT = 64 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The one wrapper every API route handler goes through. */
export function route<
  A extends AuthMode,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  M extends Permission | undefined = undefined,
>(options: RouteOptions<A, B, Q, P, M>, handler: (ctx: RouteContext<A, B, Q, P, M>) => Promise<Response>) {
  return async (req: NextRequest, next?: NextContext): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    let response: Response;
    // Kept outside the try so the request log knows who called, even when the handler failed.
    let principal: Principal | null = null;
    let merchant: MerchantAccess | undefined;
    let version: ApiVersion = LATEST_VERSION;
    let limited: RateLimitState | undefined;
    // The JSON body as sent (before validation), for the request log.
    let sent: unknown;
    try {
      const requested = requestedVersion(req.headers);
      version = requested ?? version;
      const rawParams = (await next?.params) ?? {};
      principal = await resolvePrincipal(req, options.auth);
      const ip = clientIp(req);
      if (options.rateLimit) {
        const [limiter, key] = options.rateLimit({ principal, ip });
        limited = await limiter.consume(key);
      }
      // Access before validation: another merchant's id answers 404 whatever else is wrong.
      merchant =
        options.merchant && principal
          ? await requireMerchantAccess(principal, merchantIdOf(options.merchantFrom, rawParams, req, principal), options.merchant)
          : undefined;
      version = await versionOfRequest(requested, principal, merchant);
      const params = parse(options.params, rawParams, "params");
      const query = parse(options.query, Object.fromEntries(req.nextUrl.searchParams), "query");
      const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
      // A route that takes no body still refuses a huge one (413) rather than act on the request.
      if (!options.body && !options.rawBody && !options.multipart && req.body && !SAFE_METHODS.has(req.method)) await readText(req, limit);
      const rawBody = options.rawBody ? await readText(req, limit) : "";
      const form = options.multipart ? await readMultipart(req, limit) : new FormData();
      if (options.body) sent = await readBody(req, limit);
      const body = options.body ? parse(options.body, sent, "body") : undefined;
      // Checked above: principal per `auth`, merchant whenever `merchant:` is given (requirePrincipal ran).
      const ctx = { req, requestId, ip, body, query, params, principal, merchant, rawBody, form, apiVersion: version } as unknown as RouteContext<
        A,
        B,
        Q,
        P,
        M
      >;
      const idempotencyKey = options.idempotent ? req.headers.get("idempotency-key") : null;
      response = idempotencyKey
        ? await withIdempotency(
            idempotencyKey,
            { ...idempotencyScope(principal, ip, body), method: req.method, path: req.nextUrl.pathname, body, requestId },
            () => handler(ctx),
          )
        : await handler(ctx);
      response = await answerInVersion(response, options.versioned, version);
    } catch (error) {
      response = errorResponse(error, requestId, req);
    }
    response.headers.set("x-request-id", requestId);
    response.headers.set(VERSION_HEADER, version);
    // Every answer of a limited route says where its caller stands (a 429 already carries them).
    if (limited && !response.headers.has("ratelimit-limit"))
      for (const [name, value] of Object.entries(rateLimitHeaders(limited))) response.headers.set(name, value);
    response.headers.set("cache-control", response.headers.get("cache-control") ?? "no-store");
    const ms = Math.round(performance.now() - started);
    accessLog.info({ requestId, method: req.method, path: req.nextUrl.pathname, status: response.status, ms }, "request");
    recordApiRequest(
      principal,
      merchant,
      { method: req.method, path: req.nextUrl.pathname, statusCode: response.status, durationMs: ms, requestId },
      { request: sent, response },
    );
    return response;
  };
}

/**
 * Keys are private to whoever sent them: a merchant's integration, a user, or (no credentials) one
 * address paying one merchant, so strangers who pick the same key never share an answer. The
 * address is the caller's as TRUST_PROXY names it; when no proxy is trusted every caller has the same
 * one, so the key then also covers only its own body (a different body is a new request, not a 422).
 */
function idempotencyScope(principal: Principal | null, ip: string, body: unknown) {
  if (principal?.kind === "apiKey") {
    // A restricted key replays only its own answers: some routes check their permission in the handler,
    // after the replay point, so a shared scope could hand it another key's answer.
    const own = principal.permissions ? `:${principal.apiKeyId}` : "";
    return { scope: `key:${principal.merchantId}:${principal.environment}${own}`, merchantId: principal.merchantId };
  }
  if (principal?.kind === "user") return { scope: `user:${principal.userId}`, merchantId: null };
  const merchantId =
    typeof body === "object" && body !== null && "merchantId" in body && typeof body.merchantId === "string" ? body.merchantId.toLowerCase() : "-";
  const caller =
    ip === DIRECT_CLIENT
      ? `${ip}:${createHash("sha256")
          .update(JSON.stringify(body ?? null))
          .digest("hex")}`
      : ip;
  return { scope: `public:${merchantId}:${caller}`, merchantId: null };
}

function merchantIdOf(from: "path" | "query" | undefined, rawParams: Record<string, string | string[]>, req: NextRequest, principal: Principal): string {
  if (from !== "query") return String(rawParams.merchantId ?? "");
  const sent = req.nextUrl.searchParams.get("merchantId")?.trim();
  if (sent) return sent;
  if (principal.kind === "apiKey") return principal.merchantId;
  throw ApiError.validation([{ field: "query.merchantId", message: "merchantId is required with a user token (a secret key names its own merchant)" }]);
}

async function resolvePrincipal(req: NextRequest, mode: AuthMode): Promise<Principal | null> {
  if (mode === "public") return null;
  if (mode === "keyOrPublic") {
    if (!req.headers.has("authorization")) return null;
    const principal = await authenticate(req);
    if (principal?.kind !== "apiKey")
      throw ApiError.unauthorized("Send a merchant secret key (sk_test_… or sk_live_…) or no credentials", { code: "secret_key_required" });
    return principal;
  }
  return requirePrincipal(req, mode);
}

async function requirePrincipal(req: NextRequest, mode: "user" | "userOrKey"): Promise<Principal> {
  const principal = await authenticate(req);
  if (!principal) throw ApiError.unauthorized();
  if (mode === "user" && principal.kind !== "user")
    throw ApiError.unauthorized("This endpoint needs a user token from POST /api/auth/login", { code: "user_token_required" });
  // The session cookie is sent by browsers on their own: refuse cross-site mutations.
  if (principal.kind === "user" && principal.via === "session" && !SAFE_METHODS.has(req.method) && !isSameOrigin(req)) {
    throw ApiError.forbidden("Cross-site request refused", { code: "cross_site_request" });
  }
  return principal;
}

/**
 * The Origin is the app's own: its configured APP_URL, or the origin this request was addressed to,
 * scheme included. X-Forwarded-Host and -Proto name that origin only when TRUST_PROXY says a proxy
 * sets them; otherwise they are the caller's own claim.
 */
function isSameOrigin(req: NextRequest): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return false;
  const proxied = (setting("TRUST_PROXY") ?? 0) > 0;
  const host = (proxied && req.headers.get("x-forwarded-host")) || req.headers.get("host");
  // Next serves plain HTTP; HTTPS terminated elsewhere is named by a trusted proxy or by APP_URL.
  const proto = (proxied && req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim()) || "http";
  try {
    const sent = new URL(origin).origin;
    return sent === new URL(config().appUrl).origin || (!!host && sent === new URL(`${proto}://${host}`).origin);
  } catch {
    return false;
  }
}

/** Validates one part of the request; a key the schema does not declare is an error too (strict input). */
function parse<S extends Schema | undefined>(schema: S, input: unknown, prefix: string): Infer<S> {
  const named = prefix === "body" ? undefined : prefix;
  if (!schema) {
    // A route without a query schema takes no query parameters (path params always have a schema when used).
    const sent = prefix === "query" && isRecord(input) ? Object.keys(input) : [];
    if (sent.length) throw ApiError.validation(sent.map((key) => ({ field: `query.${key}`, message: unknownFieldMessage(key) })));
    return undefined as Infer<S>;
  }
  // Path params are the route's own (a schema may name only some of them): only body and query are checked.
  const unknown = prefix === "params" ? [] : unknownFields(schema, input, named ? [named] : []);
  const result = schema.safeParse(input);
  if (unknown.length || !result.success) throw ApiError.validation([...unknown, ...(result.success ? [] : fieldErrors(result.error, named))]);
  return result.data as Infer<S>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function requestIdOf(req: NextRequest): string {
  const incoming = req.headers.get("x-request-id");
  return incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : `req_${randomUUID().replaceAll("-", "")}`;
}

export function errorResponse(error: unknown, requestId: string, req?: NextRequest): Response {
  const apiError = toApiError(error);
  if (apiError) return json(errorBody(apiError, requestId, config().appUrl), apiError.status, apiError.headers);
  log.error({ requestId, method: req?.method, path: req?.nextUrl.pathname, err: error }, "unhandled error");
  return json(errorBody(ApiError.internal("Internal server error"), requestId, config().appUrl), 500);
}
