import { notFound } from "next/navigation";

import { ApiError } from "@/lib/api/errors";
import { isUuid } from "@/lib/api/validation";

/**
 * The record a detail page shows, or Next's not-found page: an id that is not a UUID never reaches the
 * database, and a 404 (another merchant's record, or the other mode's) looks the same as a made-up id.
 */
export async function findOrNotFound<T>(id: string, find: (id: string) => Promise<T>): Promise<T> {
  if (!isUuid(id)) notFound();
  try {
    return await find(id.toLowerCase());
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}
