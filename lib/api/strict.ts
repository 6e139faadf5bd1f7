import type { z } from "@/lib/zod";
import type { FieldError } from "./errors";

// Input the API does not know is refused, not ignored: `currncy: "USD"` must not charge in NGN.
// zod's plain objects strip unknown keys, so the route wrapper walks the schema beside the input and
// names every key no object declares, at any depth (nested objects, arrays of objects, unions).
// Objects built with z.strictObject are left to zod (it reports them itself) and z.looseObject
// objects accept anything on purpose.

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional", "success"]);

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export const unknownFieldMessage = (name: string) => `Unknown field ${name}`;

/** The keys of `input` (dotted paths under `path`) that `schema` does not declare. */
export function unknownFields(schema: z.ZodType, input: unknown, path: string[] = [], depth = 0): FieldError[] {
  if (depth > 32) return [];
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return unknownFields(def.innerType, input, path, depth + 1);
  switch (def.type) {
    case "object":
      return objectFields(def, input, path, depth);
    case "pipe":
      // A preprocess (transform first) says nothing about the input's shape: check its target instead.
      return defOf(def.in!).type === "transform" ? unknownFields(def.out!, input, path, depth + 1) : unknownFields(def.in!, input, path, depth + 1);
    case "lazy":
      return unknownFields(def.getter!(), input, path, depth + 1);
    case "array":
      return Array.isArray(input) ? input.flatMap((item, i) => unknownFields(def.element!, item, [...path, String(i)], depth + 1)) : [];
    case "tuple":
      return Array.isArray(input)
        ? input.flatMap((item, i) => {
            const itemSchema = def.items![i] ?? def.rest;
            return itemSchema ? unknownFields(itemSchema, item, [...path, String(i)], depth + 1) : [];
          })
        : [];
    case "record":
      return isPlainObject(input) ? Object.entries(input).flatMap(([key, value]) => unknownFields(def.valueType!, value, [...path, key], depth + 1)) : [];
    case "union":
      return unionFields(def.options!, input, path, depth);
    case "intersection": {
      // A key either side declares is known.
      const right = new Set(unknownFields(def.right!, input, path, depth + 1).map((e) => e.field));
      return unknownFields(def.left!, input, path, depth + 1).filter((e) => right.has(e.field));
    }
    default:
      return [];
  }
}

function objectFields(def: Def, input: unknown, path: string[], depth: number): FieldError[] {
  if (!isPlainObject(input)) return [];
  const shape = def.shape ?? {};
  return Object.entries(input).flatMap(([key, value]) => {
    // Own keys only: `__proto__` or `constructor` in a body must not find Object.prototype's.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (field) return unknownFields(field, value, [...path, key], depth + 1);
    if (def.catchall) return [];
    return [{ field: [...path, key].join("."), message: unknownFieldMessage(key) }];
  });
}

/** The option that fits best: one with no unknown keys means none, else the fewest. */
function unionFields(options: z.ZodType[], input: unknown, path: string[], depth: number): FieldError[] {
  let best: FieldError[] | undefined;
  for (const option of options) {
    const errors = unknownFields(option, input, path, depth + 1);
    if (errors.length === 0) return [];
    if (!best || errors.length < best.length) best = errors;
  }
  return best ?? [];
}
