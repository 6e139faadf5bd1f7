import { ApiError } from "@/lib/api/errors";

/** A list page's raw `searchParams`. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter, trimmed; blank is undefined. */
export function first(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** `basePath` with the set parameters, in the order given (a link to another page or filter of a list). */
export function listHref(basePath: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${basePath}?${text}` : basePath;
}

/**
 * Loads one page of a cursor list. A mangled "Older" link (the API rejects its cursor with a 400)
 * starts again from the newest, keeping the filters, and says so with `cursorExpired`.
 */
export async function loadWithCursor<P>(
  cursor: string | undefined,
  load: (cursor: string | undefined) => Promise<P>,
): Promise<{ page: P; cursor: string | undefined; cursorExpired: boolean }> {
  try {
    return { page: await load(cursor), cursor, cursorExpired: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || !cursor) throw error;
    return { page: await load(undefined), cursor: undefined, cursorExpired: true };
  }
}

/** The links between pages of a cursor list; `href(cursor)` is the list's URL with the same filters. */
export function cursorPaging(href: (cursor?: string) => string, cursor: string | undefined, nextCursor: string | null) {
  return { onLaterPage: Boolean(cursor), firstPageHref: href(), nextPageHref: nextCursor ? href(nextCursor) : null };
}
