// What a form's schema says is wrong with some values, as the form shows it: one message per field.
import type { z } from "@/lib/zod";

/** Each failing field's message by its dotted path ({} when the values pass). */
export function fieldErrors<T>(schema: z.ZodType<T>, values: T): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}
