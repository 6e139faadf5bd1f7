// Helpers that keep each domain's OpenAPI entries short and uniform: one error shape, one way to
// say who may call an endpoint, and the status codes the route wrapper can produce. The
// integration tests check every real answer against the document (tests/helpers/openapi-validator.ts),
// so a status or field missing here fails them.
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { ERROR_CODES } from "@/lib/api/errors";

export const ErrorBody = z
  .object({
    message: z.string().meta({ example: "Validation failed" }),
    code: z.enum([...Object.values(ERROR_CODES), "validation_failed"]).meta({
      example: "validation_failed",
      description:
        "Machine-readable kind of error, one per status (400 is `validation_failed` when `errors` lists the fields, else `bad_request`); branch on this, not on `message`",
    }),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    twoFactorRequired: z.boolean().optional().meta({ description: "Log-in (401): the account has two-factor sign-in; send `code`" }),
    twoFactorSetupRequired: z.boolean().optional().meta({ description: "403: this business requires two-factor sign-in and you have not turned it on" }),
    missing: z.array(z.string()).optional().meta({ description: "Going live (409): the go-live steps still to do" }),
    requestId: z.string().optional().meta({ description: "500: the request's id (also the x-request-id header); quote it to support" }),
  })
  .meta({ id: "Error", description: "Every error: a message and its code, and for validation errors each field path and problem." });

export type Auth = "public" | "user" | "userOrKey" | "keyOrPublic" | "processor";

const SECURITY: Record<Auth, ZodOpenApiOperationObject["security"]> = {
  public: [],
  user: [{ userJwt: [] }],
  userOrKey: [{ userJwt: [] }, { secretKey: [] }],
  keyOrPublic: [{}, { secretKey: [] }],
  processor: [],
};

const ERROR_TEXT: Record<number, string> = {
  400: "`Validation failed` (each bad field in `errors`: path and query parameters as `params.*` and `query.*`), or the request cannot be done in the resource's current state",
  401: "Missing or invalid credentials",
  403: "Authenticated, but this role or key may not do this",
  404: "Not found (another merchant's resources answer 404 too)",
  409: "Conflicts with the current state (e.g. a slug already taken)",
  413: "Request body larger than the limit",
  422: "Idempotency-Key reused with a different request",
  429: "Too many requests; see Retry-After",
  502: "The payment processor failed; the message carries its reason after `Payment processor error:`",
  503: "Temporarily unavailable (e.g. the database could not be reached); retry",
};

const json = (schema: z.ZodType) => ({ "application/json": { schema } });

/** A body that is not JSON (a PDF, CSV, plain text): its media type, and what it is. */
export type RawBody = { mediaType: string; schema: { type: "string"; contentMediaType?: string; contentEncoding?: string } };
export const raw = (mediaType: string): RawBody => ({
  mediaType,
  schema: { type: "string", ...(mediaType.startsWith("text/") ? {} : { contentMediaType: mediaType }) },
});
const isRaw = (value: unknown): value is RawBody => typeof value === "object" && value !== null && "mediaType" in value;

type OperationInput = {
  /** Stable, camelCase, unique: generated clients name their methods after it. */
  operationId: string;
  summary: string;
  tags: string[];
  auth: Auth;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** status → [description, JSON schema or raw(mediaType)?]; no schema: no body (e.g. a redirect) */
  ok: Record<number, [string, (z.ZodType | RawBody)?]>;
  /** Error statuses besides the wrapper's; [status, description] says what this operation means by it. */
  errors?: (number | [number, string])[];
  idempotent?: boolean;
  /** A request body that is not JSON (multipart), described as OpenAPI has it. */
  requestBody?: ZodOpenApiOperationObject["requestBody"];
};

function operation(input: OperationInput): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, [description, schema]] of Object.entries(input.ok)) {
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = !schema
      ? { description }
      : isRaw(schema)
        ? { description, content: { [schema.mediaType]: { schema: schema.schema } } }
        : { description, content: json(schema) };
  }
  // What the route wrapper (lib/api/handler.ts) answers on its own: 400 when the body, path or query
  // parameters fail their schema, 413 for a body over the limit, 401 without valid credentials, and
  // 500/503 when something fails underneath (413 for bodiless methods is added by withWrapperStatuses).
  const validated = input.body || input.params || input.query;
  const described = new Map((input.errors ?? []).map((e) => (Array.isArray(e) ? e : [e, undefined])));
  const errors = new Set([
    ...described.keys(),
    ...(validated ? [400] : []),
    ...(input.body ? [413] : []),
    ...(input.auth === "public" || input.auth === "processor" ? [] : [401]),
    500,
    503,
  ]);
  for (const status of [...errors].sort()) {
    const description = described.get(status) ?? ERROR_TEXT[status] ?? "Unexpected server error (the body carries a requestId)";
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = { description, content: json(ErrorBody) };
  }
  const header = input.idempotent
    ? z.object({ "Idempotency-Key": z.string().max(255).optional().meta({ description: "Replays the first answer for the same key and body" }) })
    : undefined;
  return {
    operationId: input.operationId,
    summary: input.summary,
    ...(input.description && { description: input.description }),
    tags: input.tags,
    security: SECURITY[input.auth],
    requestParams: {
      ...(input.params && { path: input.params }),
      ...(input.query && { query: input.query }),
      ...(header && { header }),
    },
    ...(input.body && { requestBody: { required: true, content: json(input.body) } }),
    responses,
    ...(input.requestBody && { requestBody: input.requestBody }),
  };
}

const BODY_METHODS = ["post", "put", "patch", "delete"] as const;

/**
 * The wrapper reads the body of every POST, PUT, PATCH and DELETE, even where the route takes none,
 * and refuses one over the limit with 413: documented on each of them.
 */
export function withWrapperStatuses(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  for (const item of Object.values(paths)) {
    for (const method of BODY_METHODS) {
      const op = item[method];
      if (!op?.responses || op.responses["413"]) continue;
      const responses: ZodOpenApiResponsesObject = { ...op.responses, "413": { description: ERROR_TEXT[413]!, content: json(ErrorBody) } };
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return paths;
}

/** The merchant id in every /api/merchants/{merchantId}/… path. */
const merchantParams = z.object({ merchantId: z.uuid().meta({ description: "The merchant's id" }) });

const MERCHANT_PATH = "/api/merchants/{merchantId}";

/** The path parameters of a merchant's path: its id, then each resource's id (all UUIDs), in the path's order. */
function merchantPathParams(path: string): z.ZodObject {
  const ids = [...path.slice(MERCHANT_PATH.length).matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, z.uuid()] as const);
  return merchantParams.extend(Object.fromEntries(ids));
}

type Method = "get" | "post" | "put" | "patch" | "delete";
/** An operation as a domain lists it: its own tags and auth only where they differ from the domain's. */
type Entry = Omit<OperationInput, "tags" | "auth"> & Partial<Pick<OperationInput, "tags" | "auth">>;
export type PathTable = Record<string, Partial<Record<Method, Entry>>>;

/**
 * One domain's paths, each entry saying only what is its own: the domain's tag and auth apply
 * unless an entry names others, and under /api/merchants/{merchantId} the path parameters come from
 * the path and the merchant check's answers (403: the role may not; 404: not a merchant of the
 * caller's) are listed (lib/auth/access.ts requireMerchantAccess).
 */
export function paths(tag: string, auth: Auth, table: PathTable): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(table).map(([path, methods]) => {
      const merchantScoped = path.startsWith(`${MERCHANT_PATH}/`) || path === MERCHANT_PATH;
      const operations = Object.entries(methods).map(([method, entry]) => [
        method,
        operation({
          tags: [tag],
          auth,
          ...(merchantScoped && { params: merchantPathParams(path) }),
          ...entry,
          ...(merchantScoped && { errors: [403, 404, ...(entry.errors ?? [])] }),
        }),
      ]);
      return [path, Object.fromEntries(operations)];
    }),
  );
}

/** A cursor-paginated list of `item`. */
export const pageOf = (item: z.ZodType) => z.object({ data: z.array(item), nextCursor: z.string().nullable() });
