// Checks real responses against the OpenAPI document (lib/api/openapi/document.ts, the one served at
// /api/openapi.json): the operation exists, the status is documented for it, the content type is one
// it documents, and a JSON body matches the documented schema. tests/helpers/api.ts `call` runs it on
// every response, so the document cannot drift from what the app answers.
//
// JSON Schema 2020-12 (OpenAPI 3.1's dialect) is checked by ajv with ajv-formats (uuid, date-time,
// email, uri…). The document's "#/components/schemas/X" references are resolved by adding the
// component schemas once, as one schema's $defs. Built once per test process, compiled lazily per
// response.
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/lib/api/openapi/document";
import { RESPONSE_HEADERS } from "@/lib/api/openapi/headers";

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>;
};

/** The headers the app itself sets (lowercase): any of them on an answer must be declared on that answer's response. */
const OWN_HEADERS = Object.keys(RESPONSE_HEADERS).map((name) => name.toLowerCase());
type Template = { path: string; regex: RegExp; params: string[]; literals: number };

const COMPONENTS_ID = "paylink-openapi-components";

export class OpenApiMismatch extends Error {
  override name = "OpenApiMismatch";
}

type Built = { doc: Json; ajv: Ajv2020; templates: Template[]; compiled: Map<string, ValidateFunction> };
let built: Built | undefined;

/** `"#/components/schemas/X"` → a reference into the one schema that holds every component. */
function rebase<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as T;
}

function build(doc: Json): Built {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  ajv.addSchema(rebase({ $id: COMPONENTS_ID, $defs: schemas }));
  const templates = Object.keys((doc.paths ?? {}) as Json).map((path): Template => {
    const params: string[] = [];
    const segments = path.split("/").map((segment) => {
      const param = /^\{([^}]+)\}$/.exec(segment);
      if (param) {
        params.push(param[1]!);
        // Empty too: tests hand handlers hostile ids, "" among them.
        return "([^/]*)";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    });
    return { path, regex: new RegExp(`^${segments.join("/")}$`), params, literals: path.split("/").length - params.length };
  });
  // A literal segment wins over a parameter: /api/merchants/me before /api/merchants/{merchantId}.
  templates.sort((a, b) => b.literals - a.literals);
  return { doc, ajv, templates, compiled: new Map() };
}

function validator(): Built {
  built ??= build(JSON.parse(JSON.stringify(openApiDocument())) as Json);
  return built;
}

/** For tests of this checker: a validator over another document (e.g. the real one with a field removed). */
export function validatorFor(doc: unknown) {
  const own = build(JSON.parse(JSON.stringify(doc)) as Json);
  return (response: CheckedResponse) => check(own, response);
}

export type CheckedResponse = {
  method: string;
  /** The request's path (with or without a query string). */
  path: string;
  /** The route params the handler was given, when any: they must be the template's. */
  params?: Record<string, unknown>;
  status: number;
  contentType: string | null;
  text: string;
  /** The answer's headers; those the app sets (RESPONSE_HEADERS) must be declared. */
  headers?: Headers;
};

/** Throws OpenApiMismatch when the response is not one the document describes. */
export function assertDocumented(response: CheckedResponse): void {
  check(validator(), response);
}

function check(v: Built, response: CheckedResponse): void {
  const method = response.method.toLowerCase();
  const pathname = new URL(response.path, "http://localhost").pathname;
  const where = `${response.method.toUpperCase()} ${pathname} → ${response.status}`;
  const fail = (problem: string): never => {
    throw new OpenApiMismatch(`OpenAPI: ${where}: ${problem}\nbody: ${response.text.slice(0, 600)}`);
  };

  const template = v.templates.find((t) => t.regex.test(pathname) && (v.doc.paths as Record<string, Json>)[t.path]?.[method]);
  if (!template) {
    const pathOnly = v.templates.find((t) => t.regex.test(pathname));
    return fail(pathOnly ? `${response.method.toUpperCase()} is not documented for ${pathOnly.path}` : "no operation in the document has this path");
  }
  // The handler must have been given the path's own parameters, or the test called it with a path
  // that names another operation (extra params are harmless: handlers read only their own).
  if (response.params) {
    const values = template.regex.exec(pathname)!.slice(1);
    template.params.forEach((name, i) => {
      const given = response.params![name];
      if (given === undefined || String(given) !== decode(values[i]!))
        fail(`the path matches ${template.path}, but the handler was given ${name}=${JSON.stringify(given)}`);
    });
  }
  const operation = (v.doc.paths as Record<string, Record<string, Operation>>)[template.path]![method]!;
  const name = `${operation.operationId ?? "(no operationId)"} ${response.method.toUpperCase()} ${template.path}`;
  const responses = operation.responses ?? {};
  const status = String(response.status);
  const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!documented) return fail(`status ${status} is not documented for ${name} (documented: ${Object.keys(responses).join(", ")})`);

  if (response.headers) {
    const declared = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()));
    const undeclared = OWN_HEADERS.filter((name) => response.headers!.has(name) && !declared.has(name));
    if (undeclared.length) fail(`${name} ${status} sends headers it does not declare: ${undeclared.join(", ")}`);
  }

  const content = documented.content;
  if (!content || Object.keys(content).length === 0) {
    if (response.text.length > 0) fail(`${name} documents no body for ${status}, but the response has one (${response.contentType ?? "no content type"})`);
    return;
  }
  const mediaType = (response.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const media = content[mediaType];
  if (!media) return fail(`content type "${response.contentType}" is not documented for ${name} ${status} (documented: ${Object.keys(content).join(", ")})`);
  if (!(mediaType === "application/json" || mediaType.endsWith("+json")) || media.schema === undefined) return; // raw bodies: the content type is the check

  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return fail(`the body is not JSON though the content type is ${mediaType}`);
  }
  const key = `${template.path} ${method} ${status} ${mediaType}`;
  let validate = v.compiled.get(key);
  if (!validate) {
    validate = v.ajv.compile(rebase(media.schema as object));
    v.compiled.set(key, validate);
  }
  if (!validate(body)) fail(`the body does not match ${name} ${status}:\n${describe(validate.errors ?? [])}`);
}

/** Throws OpenApiMismatch unless the envelope is one the document's `webhooks` section describes for its type. */
export function assertEventDocumented(envelope: { id: string; type: string; [field: string]: unknown }): void {
  const v = validator();
  const webhooks = (v.doc.webhooks ?? {}) as Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: object }> } } }>;
  const schema = webhooks[envelope.type]?.post?.requestBody?.content?.["application/json"]?.schema;
  const where = `OpenAPI webhooks: event ${envelope.type} ${envelope.id}`;
  if (!schema) throw new OpenApiMismatch(`${where}: the type is not in the webhooks section`);
  const key = `webhook ${envelope.type}`;
  let validate = v.compiled.get(key);
  if (!validate) {
    validate = v.ajv.compile(rebase(schema));
    v.compiled.set(key, validate);
  }
  if (!validate(envelope))
    throw new OpenApiMismatch(`${where}: does not match:\n${describe(validate.errors ?? [])}\n${JSON.stringify(envelope).slice(0, 600)}`);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function describe(errors: ErrorObject[]): string {
  return errors
    .slice(0, 12)
    .map(
      (e) =>
        `  ${e.instancePath || "(root)"} ${e.message}${e.keyword === "additionalProperties" ? `: ${String((e.params as { additionalProperty?: string }).additionalProperty)}` : ""}`,
    )
    .join("\n");
}
