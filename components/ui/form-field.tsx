"use client";

import * as React from "react";
import { Slot } from "radix-ui";

import { cn } from "@/lib/utils";
import { Label } from "@/components/ui/label";

export interface FormFieldProps {
  /** Visible label text. */
  label: React.ReactNode;
  /** The single form control, e.g. `<Input {...register("email")} />`. It receives id, aria-invalid and aria-describedby. */
  children: React.ReactElement;
  /** Id given to the control; generated when omitted. */
  id?: string;
  /** Helper text under the control. */
  description?: React.ReactNode;
  /** Error message (e.g. `errors.email?.message`); marks the control invalid. */
  error?: string;
  /** Appends a visual "(optional)" hint or a required marker. */
  optional?: boolean;
  /** Something to show at the end of the label row, e.g. a "Forgot password?" link. */
  labelAction?: React.ReactNode;
  className?: string;
}

/**
 * Label + control + description + error, wired for assistive tech. Works with react-hook-form:
 *
 * <FormField label="Email" error={errors.email?.message}>
 *   <Input type="email" autoComplete="email" {...register("email")} />
 * </FormField>
 */
function FormField({ label, children, id, description, error, optional = false, labelAction, className }: FormFieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? `field-${generatedId}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div data-slot="form-field" className={cn("grid gap-2", className)}>
      <div className="flex min-h-5 items-center justify-between gap-3">
        <Label htmlFor={controlId}>
          {label}
          {optional ? <span className="font-normal text-muted-foreground">(optional)</span> : null}
        </Label>
        {labelAction}
      </div>
      <Slot.Root id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export { FormField };
