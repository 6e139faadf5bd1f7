import * as React from "react";

import { cn } from "@/lib/utils";

export interface RadioCardOption<V extends string | boolean> {
  value: V;
  label: React.ReactNode;
  hint: React.ReactNode;
}

export interface RadioCardsProps<V extends string | boolean> {
  legend: string;
  /** Keeps the legend for screen readers only, when a heading above already says it. */
  hideLegend?: boolean;
  name: string;
  options: ReadonlyArray<RadioCardOption<V>>;
  value: V | undefined;
  onChange: (value: V) => void;
  onBlur?: () => void;
  /** Two cards a row from the small breakpoint up. */
  columns?: 1 | 2;
}

/** A choice between a few options, each a bordered card with a short explanation; the chosen one is highlighted. */
export function RadioCards<V extends string | boolean>({ legend, hideLegend, name, options, value, onChange, onBlur, columns = 2 }: RadioCardsProps<V>) {
  return (
    <fieldset className="grid gap-2">
      <legend className={hideLegend ? "sr-only" : "mb-1 text-sm font-medium"}>{legend}</legend>
      <div className={cn("grid gap-2", columns === 2 && "sm:grid-cols-2")}>
        {options.map((option) => (
          <label
            key={String(option.value)}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-muted/50",
              value === option.value && "border-primary bg-accent/40",
            )}
          >
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              className="mt-0.5 size-5 shrink-0 accent-primary md:size-4"
            />
            <span>
              <span className="font-medium">{option.label}</span>
              <span className="block text-muted-foreground">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
