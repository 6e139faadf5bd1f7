import * as React from "react";

import { Button, type ButtonProps } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";

export interface DialogActionsProps {
  /** While true, Cancel is disabled and the main button shows its spinner. */
  busy: boolean;
  /** Runs the action on click; without it the main button submits the dialog's form. */
  onConfirm?: () => void;
  variant?: ButtonProps["variant"];
  cancelLabel?: string;
  /** The main button's text. */
  children: React.ReactNode;
}

/** A dialog's footer: Cancel (closes it) and the one action the dialog asks about. */
export function DialogActions({ busy, onConfirm, variant, cancelLabel = "Cancel", children }: DialogActionsProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type={onConfirm ? "button" : "submit"} variant={variant} loading={busy} onClick={onConfirm}>
        {children}
      </Button>
    </DialogFooter>
  );
}
