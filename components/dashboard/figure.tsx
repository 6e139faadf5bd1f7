import type * as React from "react";

import { FitText } from "@/components/ui/fit-text";
import { cn } from "@/lib/utils";

/**
 * One headline figure in a `<dl>` (the overview's and the payouts page's): label, value and a hint.
 * The value's test id is `testId`, the hint's `${testId}-hint`.
 */
export function Figure({ label, value, hint, testId, tone }: { label: string; value: string; hint: React.ReactNode; testId: string; tone?: "warning" }) {
  return (
    <div className={cn("min-w-0 rounded-xl border bg-card p-4 shadow-card", tone === "warning" && "border-warning/40 bg-warning-soft")}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      {/* Amounts shrink to fit rather than break mid-number ("₦40,121,50 / 0.00") on a phone. */}
      <dd className="mt-1 font-semibold" data-testid={testId}>
        <FitText text={value} />
      </dd>
      <dd className="mt-0.5 text-xs text-muted-foreground" data-testid={`${testId}-hint`}>
        {hint}
      </dd>
    </div>
  );
}
