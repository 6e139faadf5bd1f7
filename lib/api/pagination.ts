// Keyset pagination shared by every list: newest first, cursor = base64url("<createdAt ISO>|<id>").
import { ApiError } from "./errors";
import { z } from "@/lib/zod";
import { isUuid } from "./validation";

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Browsers submit empty fields of a GET form as `name=`: treat those as not given. */
export const blankAsMissing = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema);

export const pageQuery = {
  cursor: blankAsMissing(z.string().max(200, "Invalid cursor").optional()),
  limit: blankAsMissing(
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
  ),
};

export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const invalid = () => ApiError.badRequest("Invalid cursor", { code: "invalid_cursor", param: "cursor" });
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const [at, id, ...rest] = text.split("|");
  if (!at || !id || rest.length > 0 || !isUuid(id)) throw invalid();
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) throw invalid();
  return { createdAt, id: id.toLowerCase() };
}

/** The Prisma where-clause for "after this cursor" in (createdAt desc, id desc) order. */
export function afterCursor(cursor: string | undefined) {
  if (!cursor) return {};
  const after = decodeCursor(cursor);
  return { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] };
}

export const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** Fetch limit + 1 rows, return limit of them, the cursor for the next page and whether there is one. */
export function toPage<Row extends { createdAt: Date; id: string }, Out>(rows: Row[], limit: number, serialize: (row: Row) => Out) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null;
  return { data: page.map(serialize), nextCursor, hasMore: nextCursor !== null };
}
