import type * as React from "react";

import { cn } from "@/lib/utils";

/**
 * One line of text (an amount, typically) that shrinks to fit its box instead of wrapping or
 * breaking mid-number: "₦40,121,500.00" stays whole on a 360 px phone. The font size is the
 * smaller of `max` and what fits the container's width (container query units), estimated from the
 * number of characters; tabular digits are about 0.6em wide.
 */
export function FitText({ text, max = "1.5rem", className, ...props }: { text: string; max?: string } & Omit<React.ComponentProps<"span">, "children">) {
  const perCharacter = 0.62;
  const fit = 100 / (Math.max(text.length, 1) * perCharacter);
  return (
    <span className="block @container">
      <span {...props} className={cn("block whitespace-nowrap tabular-nums", className)} style={{ fontSize: `min(${max}, ${fit.toFixed(2)}cqi)` }} title={text}>
        {text}
      </span>
    </span>
  );
}
