import { ApiError } from "./errors";
import { isUuid } from "./validation";
import { textProblem } from "./json";

/**
 * The record an id names, or null. An id that is not a UUID names nothing and never reaches the
 * database (where PostgreSQL would refuse it: a 500); `find` gets it lowercased.
 */
export async function findById<T>(id: string, find: (id: string) => Promise<T | null>): Promise<T | null> {
  return isUuid(id) ? find(id.toLowerCase()) : null;
}

/**
 * The record a path id names, or 404 with `message` naming `param`. `find` looks within the
 * caller's merchant (and mode), so another merchant's id answers the same 404 as a made-up one.
 */
export async function findOr404<T>(id: string, message: string, find: (id: string) => Promise<T | null>, param = "id"): Promise<T> {
  const found = await findById(id, find);
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
