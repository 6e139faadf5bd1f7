import { z } from "@/lib/zod";
import type { FieldError } from "./errors";

// Clear, field-level messages for the most common problem: a missing field.
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Required";
    return undefined;
  },
});

export function fieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return { field: path || "body", message: issue.message };
  });
}

/** Shared field rules, so every endpoint words its errors the same way. */
export const fields = {
  email: () =>
    z.string().trim().toLowerCase().max(254, "Email must be at most 254 characters").pipe(z.email("Enter a valid email address")).meta({ format: "email" }),
  password: () => z.string().min(8, "Password must be at least 8 characters").max(128, "Password must be at most 128 characters"),
  name: (label: string, max = 100) => z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
  uuid: (label = "ID") => z.uuid(`${label} must be a valid UUID`),
  httpsUrl: (label = "URL") =>
    z.url({ protocol: /^https$/, message: `${label} must be a valid https:// URL` }).max(2048, `${label} must be at most 2048 characters`),
};

/** Built once: a zod schema costs more to make than to run, and the verify hot path runs this. */
const uuidSchema = z.uuid();
/** A path or cursor id worth looking up: anything else is simply not found. */
export const isUuid = (value: string) => uuidSchema.safeParse(value).success;

export { z };
