import { z } from "@/lib/zod";
import { blankAsMissing, pageQuery } from "@/lib/api/pagination";

/** GET /api/merchants/:merchantId/customers query string (also the dashboard's search params). */
export const customerListQuery = z.object({
  search: blankAsMissing(
    z
      .string()
      .trim()
      .max(254, "search must be at most 254 characters")
      // PostgreSQL refuses NUL in text: a clear 400 rather than a failed query.
      .refine((text) => !text.includes("\0"), "search must not contain NUL (\\u0000) characters")
      .optional()
      .meta({ description: "Part of the customer's e-mail or name, any case" }),
  ),
  ...pageQuery,
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

// Any string: a malformed id answers 404 like an unknown one.
export const customerParams = z.object({ customerId: z.string() });
