"use client";

import * as React from "react";
import { useForm, type FieldValues, type Path, type UseFormProps } from "react-hook-form";

import { apiErrorMessage, apiFieldErrors, type ApiResult } from "@/lib/http/client";

/**
 * A react-hook-form inside a dialog: the dialog's open state (it stays open while submitting), an error
 * for the top of the form, and a fresh form each time it closes.
 */
export function useDialogForm<TInput extends FieldValues, TOutput = TInput>(options: UseFormProps<TInput, unknown, TOutput>, onClosed?: () => void) {
  const form = useForm<TInput, unknown, TOutput>(options);
  const [open, setOpen] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  function onOpenChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      onClosed?.();
      setError(null);
      form.reset();
    }
  }

  /**
   * A failed answer: the first of `fields` the API found a problem with gets its message (and focus);
   * otherwise `message` (by default the answer's own words) goes on top.
   */
  function fail(res: ApiResult, fields: ReadonlyArray<Path<TInput>>, message = apiErrorMessage(res.status, res.data)) {
    const found = apiFieldErrors(res.data);
    const field = fields.find((name) => found[name]);
    if (field) form.setError(field, { type: "server", message: found[field] }, { shouldFocus: true });
    else setError(message);
  }

  return { form, busy, open, setOpen, onOpenChange, error, setError, fail };
}
