"use client";

import * as React from "react";
import { useForm, type FieldValues, type Path, type UseFormProps } from "react-hook-form";

import { apiErrorMessage, apiFieldErrors, type ApiResult } from "@/lib/http/client";

/** A react-hook-form that sends to the API: `fail` puts a failed answer's words on the fields it names, or on top (`error`). */
export function useApiForm<TInput extends FieldValues, TOutput = TInput>(options: UseFormProps<TInput, unknown, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>(options);
  const [error, setError] = React.useState<string | null>(null);

  /**
   * Each of `fields` the API found a problem with gets its message (the first also gets focus);
   * when none did, `message` (by default the answer's own words) goes on top.
   */
  function fail(res: ApiResult, fields: ReadonlyArray<Path<TInput>>, message = apiErrorMessage(res.status, res.data)) {
    const found = apiFieldErrors(res.data);
    const placed = fields.filter((name) => found[name]);
    placed.forEach((name, i) => form.setError(name, { type: "server", message: found[name] }, { shouldFocus: i === 0 }));
    if (placed.length === 0) setError(message);
  }

  return { form, busy: form.formState.isSubmitting, error, setError, fail };
}
