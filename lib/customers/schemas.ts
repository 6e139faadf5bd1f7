import { z } from "@/lib/zod";
import { blankAsMissing, pageQuery } from "@/lib/api/pagination";

/** A query parameter that finds customers by part of their details: the customers list's and the subscriptions list's. */
export const customerSearchParam = (name: string, description: string) =>
  blankAsMissing(
    z
      .string()
      .trim()
      .max(254, `${name} must be at most 254 characters`)
      // PostgreSQL refuses NUL in text: a clear 400 rather than a failed query.
      .refine((text) => !text.includes("\0"), `${name} must not contain NUL (\\u0000) characters`)
      .optional()
      .meta({ description }),
  );

/** GET /api/merchants/:merchantId/customers query string (also the dashboard's search params). */
export const customerListQuery = z.object({
  search: customerSearchParam("search", "Part of the customer's e-mail or name, any case"),
  ...pageQuery,
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

// Any string: a malformed id answers 404 like an unknown one.
export const customerParams = z.object({ customerId: z.string() });
