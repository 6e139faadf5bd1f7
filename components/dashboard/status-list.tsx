import Link from "next/link";
import { Plus } from "lucide-react";

import { cursorPaging, listHref, loadWithCursor } from "@/components/dashboard/list-params";
import { Button } from "@/components/ui/button";
import type { z } from "@/lib/zod";

const PAGE_SIZE = 25;

export interface StatusListInput<S extends string, P> {
  /** The list page, for its tabs' and pages' links. */
  path: string;
  /** The list's query schema; only its status is read. */
  schema: z.ZodType<{ status?: S }>;
  status: string | undefined;
  cursor: string | undefined;
  list: (query: { status: S | undefined; cursor: string | undefined; limit: number }) => Promise<P>;
}

/**
 * One page of a list with status tabs (payment links, plans, invoices). An unknown status in a
 * hand-edited URL shows the whole list rather than an error.
 */
export async function loadStatusList<S extends string, P extends { nextCursor: string | null }>({
  path,
  schema,
  status: given,
  cursor: givenCursor,
  list,
}: StatusListInput<S, P>) {
  const parsed = schema.safeParse({ status: given });
  const status = parsed.success ? parsed.data.status : undefined;
  const { page, cursor, cursorExpired } = await loadWithCursor(givenCursor, (cursor) => list({ status, cursor, limit: PAGE_SIZE }));
  return { status, page, cursor, cursorExpired, paging: cursorPaging((cursor) => listHref(path, { status, cursor }), cursor, page.nextCursor) };
}

/** A list page's "Create …" button, for those who may create one (otherwise nothing). */
export function createButton(allowed: boolean, href: string, label: string) {
  return allowed ? (
    <Button asChild>
      <Link href={href}>
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  ) : undefined;
}
