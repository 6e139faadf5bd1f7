"use client";

import * as React from "react";
import type { FieldValues, UseFormProps } from "react-hook-form";

import { useApiForm } from "@/components/ui/use-api-form";

/** A useApiForm inside a dialog: the dialog's open state (it stays open while submitting), and a fresh form each time it closes. */
export function useDialogForm<TInput extends FieldValues, TOutput = TInput>(options: UseFormProps<TInput, unknown, TOutput>, onClosed?: () => void) {
  const api = useApiForm<TInput, TOutput>(options);
  const [open, setOpen] = React.useState(false);

  function onOpenChange(next: boolean) {
    if (api.busy) return;
    setOpen(next);
    if (!next) {
      onClosed?.();
      api.setError(null);
      api.form.reset();
    }
  }

  return { ...api, open, setOpen, onOpenChange };
}
