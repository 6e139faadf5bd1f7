import type * as React from "react";

import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/lib/utils";

/** One labelled value in a detail page's `<dl>`; `wide` spans two columns from sm up. */
export function DetailField({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm tabular-nums">{children}</dd>
    </div>
  );
}

/** A record's id in full, wrapping anywhere, with a copy button. */
export function CopyableId({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span className="break-all font-mono text-xs">{value}</span>
      <CopyButton value={value} label={label} />
    </span>
  );
}
