import type { z } from "@/lib/zod";

// Every serializer (the to…Response functions) ends `return … satisfies ResponseOf<typeof XSchema>`, XSchema
// being the response schema the document publishes, so a missing or mistyped field fails tsc, and so does an
// unknown one written out. The fields that are the row's columns as they are come from columns(row, [names]),
// spread in the schema's order between those the serializer computes; satisfies does not see a spread field
// the schema lacks, the integration tests do (each answer against the document, whose objects take no other).
// Serializers keep Dates and bigint kobo (the dashboard formats and adds them); json() (lib/api/respond.ts)
// writes them as ISO strings and numbers. So a date-time field takes a Date, a number field a number or a
// bigint; everything else is the schema's own output type. Where a column is wider than the contract
// (a String status), the serializer narrows it with `as` to the type the code that writes it uses.
export type ResponseOf<S> = S extends z.ZodISODateTime
  ? Date
  : S extends z.ZodNumber
    ? number | bigint
    : S extends z.ZodNullable<infer Inner>
      ? ResponseOf<Inner> | null
      : S extends z.ZodOptional<infer Inner>
        ? ResponseOf<Inner> | undefined
        : S extends z.ZodArray<infer Item>
          ? ResponseOf<Item>[]
          : S extends z.ZodObject<infer Shape>
            ? FieldsOf<Shape>
            : z.output<S>;

type OptionalKey<Shape> = { [K in keyof Shape]: Shape[K] extends z.ZodOptional ? K : never }[keyof Shape];

type FieldsOf<Shape> = { [K in Exclude<keyof Shape, OptionalKey<Shape>>]: ResponseOf<Shape[K]> } & {
  [K in OptionalKey<Shape>]?: ResponseOf<Shape[K]>;
};

/** The row's `keys` columns, as they are and in that order: the fields a serializer passes through unchanged. */
export function columns<Row extends object, const K extends keyof Row>(row: Row, keys: readonly K[]): Pick<Row, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<Row, K>;
}
