import { ApiError } from "./errors";
import { isUuid } from "./validation";
import { textProblem } from "./json";

/**
 * The record a path id names, or 404 with `message`. An id that is not a UUID is simply not found
 * and never reaches the database; `find` looks within the caller's merchant (and mode), so another
 * merchant's id answers the same 404 as a made-up one.
 */
export async function findOr404<T>(id: string, message: string, find: (id: string) => Promise<T | null>, param = "id"): Promise<T> {
  const found = isUuid(id) ? await find(id.toLowerCase()) : null;
  if (!found) throw ApiError.missing(message, param);
  return found;
}

/**
 * A path segment to look a record up by: "" (which names nothing) when it holds NUL or a lone
 * surrogate, which PostgreSQL refuses (a 500) and a URL cannot carry.
 */
export function pathKey(value: unknown): string {
  return typeof value === "string" && textProblem(value) === null ? value : "";
}
