// The request log's filters (GET /api/merchants/:id/api-requests and the Developers page's form).
import { z } from "@/lib/zod";
import { blankAsMissing, MAX_PAGE_SIZE, pageQuery } from "./pagination";

export const API_REQUEST_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const STATUS_CLASS_VALUES = ["2xx", "3xx", "4xx", "5xx"] as const;

export const apiRequestsQuery = z.object({
  status: blankAsMissing(z.enum(STATUS_CLASS_VALUES).optional()).meta({ description: "Only answers of this status class" }),
  method: blankAsMissing(z.enum(API_REQUEST_METHODS).optional()).meta({ description: "Only this HTTP method" }),
  path: blankAsMissing(z.string().trim().max(200).optional()).meta({ description: "Only paths containing this text (any case)", example: "/payment-links" }),
  apiKeyId: blankAsMissing(z.uuid().optional()).meta({ description: "Only requests made with this key (its id)" }),
  ...pageQuery,
  limit: pageQuery.limit.meta({ description: `Page size, 1 to ${MAX_PAGE_SIZE} (default 25)` }),
});

export type ApiRequestFilters = Partial<z.output<typeof apiRequestsQuery>>;
