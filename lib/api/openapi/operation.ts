// Helpers that keep each domain's OpenAPI entries short and uniform: one error shape, one way to
// say who may call an endpoint, and the status codes the route wrapper can produce.
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "@/lib/api/validation";

export const ErrorBody = z
  .object({
    message: z.string().meta({ example: "Validation failed" }),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error", description: "Every error: a message, and for validation errors each field path and problem." });

export type Auth = "public" | "user" | "userOrKey" | "keyOrPublic" | "processor";

const SECURITY: Record<Auth, ZodOpenApiOperationObject["security"]> = {
  public: [],
  user: [{ userJwt: [] }],
  userOrKey: [{ userJwt: [] }, { secretKey: [] }],
  keyOrPublic: [{}, { secretKey: [] }],
  processor: [],
};

const ERROR_TEXT: Record<number, string> = {
  400: "Validation failed, or the request cannot be done in the resource's current state",
  401: "Missing or invalid credentials",
  403: "Authenticated, but this role or key may not do this",
  404: "Not found (another merchant's resources answer 404 too)",
  409: "Conflicts with the current state (e.g. a slug already taken)",
  413: "Request body larger than the limit",
  422: "Idempotency-Key reused with a different request",
  429: "Too many requests; see Retry-After",
  502: "The payment processor failed; the message carries its reason after `Payment processor error:`",
  503: "Temporarily unavailable; retry",
};

const json = (schema: z.ZodType) => ({ "application/json": { schema } });

type OperationInput = {
  summary: string;
  tags: string[];
  auth: Auth;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** status → [description, schema?] */
  ok: Record<number, [string, z.ZodType?]>;
  errors?: number[];
  idempotent?: boolean;
};

export function operation(input: OperationInput): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, [description, schema]] of Object.entries(input.ok)) {
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = schema ? { description, content: json(schema) } : { description };
  }
  const errors = new Set([...(input.errors ?? []), ...(input.body ? [400, 413] : []), ...(input.auth === "public" || input.auth === "processor" ? [] : [401]), 500]);
  for (const status of [...errors].sort()) {
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = { description: ERROR_TEXT[status] ?? "Unexpected server error (the body carries a requestId)", content: json(ErrorBody) };
  }
  const header = input.idempotent
    ? z.object({ "Idempotency-Key": z.string().max(255).optional().meta({ description: "Replays the first answer for the same key and body" }) })
    : undefined;
  return {
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
  };
}

/** The merchant id in every /api/merchants/{merchantId}/… path. */
export const merchantParams = z.object({ merchantId: z.uuid().meta({ description: "The merchant's id" }) });

/** A cursor-paginated list of `item`. */
export const pageOf = (item: z.ZodType) => z.object({ data: z.array(item), nextCursor: z.string().nullable() });
