"use client";

import * as React from "react";

import { cn } from "@/lib/utils";

export interface SettingSwitchProps {
  label: React.ReactNode;
  hint: React.ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  /** Announce it as an on/off switch rather than a checkbox. */
  asSwitch?: boolean;
  /** Lines the hint up with the label rather than the box. */
  indentHint?: boolean;
}

/** One business setting that saves as soon as it is ticked, with a sentence under it saying what it does. */
export function SettingSwitch({ label, hint, checked, disabled, onChange, asSwitch, indentHint }: SettingSwitchProps) {
  const id = React.useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          role={asSwitch ? "switch" : undefined}
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-primary disabled:cursor-not-allowed"
        />
        <label htmlFor={id} className="text-sm font-medium leading-5">
          {label}
        </label>
      </div>
      <p id={`${id}-hint`} className={cn("text-sm text-muted-foreground", indentHint && "pl-8")}>
        {hint}
      </p>
    </div>
  );
}
