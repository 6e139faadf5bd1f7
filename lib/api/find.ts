import { ApiError } from "./errors";
import { isUuid } from "./validation";

/**
 * The record a path id names, or 404 with `message`. An id that is not a UUID is simply not found
 * and never reaches the database; `find` looks within the caller's merchant (and mode), so another
 * merchant's id answers the same 404 as a made-up one.
 */
export async function findOr404<T>(id: string, message: string, find: (id: string) => Promise<T | null>): Promise<T> {
  const found = isUuid(id) ? await find(id.toLowerCase()) : null;
  if (!found) throw ApiError.notFound(message);
  return found;
}
