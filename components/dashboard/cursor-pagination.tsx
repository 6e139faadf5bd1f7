import Link from "next/link";
import { ArrowRight } from "lucide-react";

import { Button } from "@/components/ui/button";

export interface CursorPaginationProps {
  count: number;
  /** e.g. ["invoice", "invoices"]. */
  noun: [string, string];
  onLaterPage: boolean;
  firstPageHref: string;
  nextPageHref: string | null;
  olderLabel: string;
}

/** The footer of a newest-first list: how many are shown, "Back to newest" and "Older …". */
export function CursorPagination({ count, noun, onLaterPage, firstPageHref, nextPageHref, olderLabel }: CursorPaginationProps) {
  return (
    <nav aria-label="Pagination" className="flex flex-col-reverse gap-3 border-t px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        {count} {count === 1 ? noun[0] : noun[1]}
        {onLaterPage ? " on this page" : nextPageHref ? " shown" : ""}
      </p>
      <div className="flex gap-2">
        {onLaterPage ? (
          <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
            <Link href={firstPageHref}>Back to newest</Link>
          </Button>
        ) : null}
        {nextPageHref ? (
          <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
            <Link href={nextPageHref}>
              {olderLabel}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
