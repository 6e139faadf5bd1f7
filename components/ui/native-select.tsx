import type * as React from "react";
import { ChevronDown } from "lucide-react";

import { cn } from "@/lib/utils";

/** A choice in a select; a plain string is its own label. */
export type SelectOption = string | { value: string; label: string };

/**
 * A native select styled like Input: keyboard and phone pickers work as people expect. `options`
 * follow any `children` (e.g. an empty "All" choice).
 */
export function NativeSelect({ className, children, options = [], ...props }: React.ComponentProps<"select"> & { options?: ReadonlyArray<SelectOption> }) {
  return (
    <div className="relative">
      <select
        className={cn(
          "flex h-11 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-9 text-base text-foreground shadow-xs md:h-10 md:text-sm",
          "transition-[color,box-shadow,border-color] duration-150 hover:border-foreground/60 disabled:opacity-60",
          "focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/20",
          className,
        )}
        {...props}
      >
        {children}
        {options.map((option) => {
          const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
      <ChevronDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
