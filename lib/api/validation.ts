import { z } from "@/lib/zod";
import type { FieldError } from "./errors";
import { unknownFieldMessage } from "./strict";

export function fieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.flatMap((issue) => {
    const at = (...more: string[]) => [prefix, ...issue.path.map(String), ...more].filter(Boolean).join(".");
    // A strict object's unknown keys: one error per key, named like the rest (see lib/api/strict.ts).
    // A schema's own wording stays when it says more than "unknown" (plans: why interval cannot change).
    if (issue.code === "unrecognized_keys") {
      const generic = /^(Unrecognized key|Unknown field\(s\):)/.test(issue.message);
      return issue.keys.map((key) => ({ field: at(key), message: generic ? unknownFieldMessage(key) : issue.message }));
    }
    return [{ field: at() || "body", message: issue.message }];
  });
}

/** Shared field rules, so every endpoint words its errors the same way. */
export const fields = {
  email: () =>
    z.string().trim().toLowerCase().max(254, "Email must be at most 254 characters").pipe(z.email("Enter a valid email address")).meta({ format: "email" }),
  password: () => z.string().min(8, "Password must be at least 8 characters").max(128, "Password must be at most 128 characters"),
  name: (label: string, max = 100) => z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
  uuid: (label = "ID") => z.uuid(`${label} must be a valid UUID`),
  /** Only NGN exists today: a caller naming another currency hears so instead of being charged in naira. */
  currency: () =>
    z
      .literal("NGN", { error: "currency must be NGN: other currencies are not supported yet" })
      .optional()
      .meta({ description: "ISO 4217 currency of the amounts. Only `NGN` is supported; it is the default." }),
  httpsUrl: (label = "URL") =>
    z.url({ protocol: /^https$/, message: `${label} must be a valid https:// URL` }).max(2048, `${label} must be at most 2048 characters`),
};

/** Built once: a zod schema costs more to make than to run, and the verify hot path runs this. */
const uuidSchema = z.uuid();
/** A path or cursor id worth looking up: anything else is simply not found. */
export const isUuid = (value: string) => uuidSchema.safeParse(value).success;
