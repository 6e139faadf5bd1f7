import Link from "next/link";

import { Button } from "@/components/ui/button";

/** A GET filter form's buttons: submit, and Clear (back to the unfiltered page) once something is filtered. */
export function FilterActions({ label, clearHref, buttonClassName }: { label: string; clearHref: string | null; buttonClassName: string }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" className={buttonClassName}>
        {label}
      </Button>
      {clearHref ? (
        <Button asChild variant="outline" className={buttonClassName}>
          <Link href={clearHref}>Clear</Link>
        </Button>
      ) : null}
    </div>
  );
}
