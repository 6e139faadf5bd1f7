// The "Try it" bodies of /docs: Scalar sends an operation's request-body `example` when there is
// one, else it fills every field, optional ones too, with empty strings, which the API refuses
// (400). So each JSON request body gets an example built here from its schema: only the required
// fields (and a PATCH's first), each from its own `example`, else its default or first enum value,
// else a valid value for its format. tests/integration/transparency.test.ts runs every example
// through its route's zod schema.
type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
};
import type { createDocument } from "zod-openapi";

type OpenAPIObject = ReturnType<typeof createDocument>;
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> } };

// Far enough ahead to pass every "in the future" rule, and fixed so the document does not change.
const FUTURE_DATE = "2030-01-31";
const BY_FORMAT: Record<string, string> = {
  email: "customer@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  "date-time": `${FUTURE_DATE}T09:00:00.000Z`,
  date: FUTURE_DATE,
};

function example(schema: Schema, components: Record<string, Schema>, depth = 0): unknown {
  if (depth > 12) return undefined;
  if (schema.$ref) return example(components[schema.$ref.split("/").pop()!] ?? {}, components, depth + 1);
  if ("example" in schema) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return example(choices.find((choice) => choice.type !== "null") ?? choices[0]!, components, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => example(part, components, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const names = schema.required?.length ? schema.required : Object.keys(properties).slice(0, 1);
      return Object.fromEntries(names.map((name) => [name, example(properties[name] ?? {}, components, depth + 1)]));
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => example(schema.items ?? {}, components, depth + 1));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return true;
    case "string":
      return BY_FORMAT[schema.format ?? ""] ?? "Example".padEnd(schema.minLength ?? 0, "x");
    default:
      return undefined;
  }
}

/** Adds an `example` to every JSON request body that has none. */
export function withRequestExamples(doc: OpenAPIObject): OpenAPIObject {
  const components = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item as Record<string, unknown>) as Operation[]) {
      const media = op.requestBody?.content?.["application/json"];
      if (media?.schema && media.example === undefined) media.example = example(media.schema, components);
    }
  }
  return doc;
}
