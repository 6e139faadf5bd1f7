// Helpers that keep each domain's OpenAPI entries short and uniform: one error shape, one way to
// say who may call an endpoint, and the status codes the route wrapper can produce. The
// integration tests check every real answer against the document (tests/helpers/openapi-validator.ts),
// so a status or field missing here fails them.
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "@/lib/zod";
import { ERROR_CODE_LIST } from "@/lib/api/error-codes";

export const ErrorBody = z
  .object({
    message: z.string().meta({ example: "Validation failed", description: "For people: its wording may change; branch on `code`" }),
    code: z.enum(ERROR_CODE_LIST).meta({
      example: "amount_exceeds_refundable",
      description:
        "Machine-readable cause: its own code where integrations act on it (e.g. `amount_exceeds_refundable`, `invalid_cursor`, `idempotency_key_reused`), else the status's (`bad_request`, `validation_failed` when `errors` lists fields, `not_found`…). Every code is listed, with what to do, at /docs/errors.",
    }),
    param: z
      .string()
      .optional()
      .meta({ example: "amount", description: "The one field or parameter at fault, when there is one (e.g. `amount`, `cursor`, `id`)" }),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    twoFactorRequired: z.boolean().optional().meta({ description: "Log-in (401): the account has two-factor sign-in; send `code`" }),
    twoFactorSetupRequired: z.boolean().optional().meta({ description: "403: this business requires two-factor sign-in and you have not turned it on" }),
    missing: z.array(z.string()).optional().meta({ description: "Going live (409): the go-live steps still to do" }),
    knownVersions: z.array(z.string()).optional().meta({ description: "400 `invalid_api_version`: the versions you may send in Paylink-Version" }),
    requestId: z.string().meta({
      example: "req_3f0c9a3b6d0e4d7f8a1b2c3d4e5f6a7b",
      description:
        "The request's id, as the x-request-id header; quote it to support. An idempotent replay answers the first request's body, so its requestId is the first request's (the header is the replay's own).",
    }),
    docUrl: z.url().meta({ example: "https://paylink.example/docs/errors#amount_exceeds_refundable", description: "This code's entry in the error catalogue" }),
  })
  .meta({
    id: "Error",
    description:
      "Every error: a message, its machine code (and the field at fault), the request id and a link to the code's documentation; for validation errors each field path and problem.",
  });

export type Auth = "public" | "user" | "userOrKey" | "keyOrPublic" | "processor";

const SECURITY: Record<Auth, ZodOpenApiOperationObject["security"]> = {
  public: [],
  user: [{ userJwt: [] }],
  userOrKey: [{ userJwt: [] }, { secretKey: [] }],
  keyOrPublic: [{}, { secretKey: [] }],
  processor: [],
};

const ERROR_TEXT: Record<number, string> = {
  400: "`Validation failed` (each bad field in `errors`: path and query parameters as `params.*` and `query.*`; a field or query parameter the operation does not take is refused as `Unknown field <name>`), or the request cannot be done in the resource's current state",
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

// lib/api/idempotency.ts: what an Idempotency-Key does, and the answers it alone can cause.
const IDEMPOTENCY_KEY_TEXT =
  "1 to 255 printable characters. The same key with the same body replays the first answer (with `Idempotent-Replayed: true`) instead of acting again; with a different body it is refused (422). Kept for 24 hours, then the key is new again. 5xx answers are not kept, so a retry after one really retries.";
const IDEMPOTENCY_ERRORS: Record<number, string> = {
  409: "A request with this Idempotency-Key is still in progress; retry shortly",
  422: "This Idempotency-Key was already used (within 24 hours) with a different request",
};
/** An operation's own meaning of a status, and the idempotency one beside it. */
const joined = (own: string | undefined, idempotency: string) => (own ? `${own}; or: ${idempotency}` : idempotency);

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
  // parameters fail their schema or name one it does not take, 413 for a body over the limit, 401 without valid credentials, and
  // 500/503 when something fails underneath (413 for bodiless methods is added by withWrapperStatuses).
  const described = new Map((input.errors ?? []).map((e) => (Array.isArray(e) ? e : [e, undefined])));
  if (input.idempotent)
    for (const [status, text] of Object.entries(IDEMPOTENCY_ERRORS)) described.set(Number(status), joined(described.get(Number(status)), text));
  const errors = new Set([
    ...described.keys(),
    // Every operation refuses a query parameter it does not take (lib/api/strict.ts).
    400,
    ...(input.body ? [413] : []),
    ...(input.auth === "public" || input.auth === "processor" ? [] : [401]),
    500,
    503,
  ]);
  for (const status of [...errors].sort()) {
    const description = described.get(status) ?? ERROR_TEXT[status] ?? "Unexpected server error (the body carries a requestId)";
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = { description, content: json(ErrorBody) };
  }
  const header = input.idempotent ? z.object({ "Idempotency-Key": z.string().max(255).optional().meta({ description: IDEMPOTENCY_KEY_TEXT }) }) : undefined;
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

/** What holds for every operation of a domain besides its tag and auth. */
type DomainOptions = {
  /** A sentence every operation's description ends with (e.g. who may call them), said once for the domain. */
  note?: string;
};

/**
 * One domain's paths, each entry saying only what is its own: the domain's tag and auth apply
 * unless an entry names others, and under /api/merchants/{merchantId} the path parameters come from
 * the path and the merchant check's answers (403: the role may not; 404: not a merchant of the
 * caller's) are listed (lib/auth/access.ts requireMerchantAccess).
 */
export function paths(tag: string, auth: Auth, table: PathTable, { note }: DomainOptions = {}): ZodOpenApiPathsObject {
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
          ...(note && { description: entry.description ? `${entry.description} ${note}` : note }),
          ...(merchantScoped && { errors: [403, 404, ...(entry.errors ?? [])] }),
        }),
      ]);
      return [path, Object.fromEntries(operations)];
    }),
  );
}

/** What every list answer carries besides `data` (additive: hasMore is nextCursor !== null). */
const pageFields = {
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last" }),
  hasMore: z.boolean().meta({ description: "Whether there is a next page (nextCursor is not null)" }),
};

/** Every list answer's envelope: the items under `data`. Alone, a list short enough to answer whole (no cursor). */
export const listOf = (item: z.ZodType) => z.object({ data: z.array(item) });

/** A cursor-paginated list of `item`. */
export const pageOf = (item: z.ZodType) => listOf(item).extend(pageFields);

type JsonSchema = { [key: string]: unknown };
const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Request bodies take only the fields they declare (unknown ones answer 400, lib/api/strict.ts): each
 * inline object schema of a JSON request body says so with `additionalProperties: false`. Shared
 * components ($ref) and allOf parts are left alone (false there would refuse the other part's fields).
 */
export function closeRequestBodies<D extends { paths?: Record<string, unknown> }>(document: D): D {
  for (const item of Object.values(document.paths ?? {})) {
    if (!isSchema(item)) continue;
    for (const op of Object.values(item)) {
      const content = isSchema(op) && isSchema(op.requestBody) ? op.requestBody.content : undefined;
      const schema = isSchema(content) && isSchema(content["application/json"]) ? content["application/json"].schema : undefined;
      if (isSchema(schema)) close(schema);
    }
  }
  return document;
}

function close(schema: JsonSchema): void {
  if ("$ref" in schema || "allOf" in schema) return;
  if (isSchema(schema.properties)) {
    schema.additionalProperties ??= false;
    Object.values(schema.properties).forEach((property) => isSchema(property) && close(property));
  }
  if (isSchema(schema.items)) close(schema.items);
  for (const key of ["anyOf", "oneOf"]) {
    const options = schema[key];
    if (Array.isArray(options)) options.forEach((option) => isSchema(option) && close(option));
  }
}
