import type * as React from "react";
import { Search } from "lucide-react";

import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** A list page's search box: a magnifier inside the field, no autocomplete or spell check. */
export function SearchInput({ className, ...props }: Omit<React.ComponentProps<typeof Input>, "type">) {
  return (
    <div className={cn("relative", className)}>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input type="search" autoComplete="off" spellCheck={false} className="pl-9" {...props} />
    </div>
  );
}
