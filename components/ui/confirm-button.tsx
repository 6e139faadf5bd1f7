"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { Alert } from "@/components/ui/alert";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, sendJson } from "@/lib/http/client";

interface ConfirmDialogProps {
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  method: "POST" | "DELETE";
  url: string;
  body?: unknown;
  success: string;
  variant?: ButtonProps["variant"];
  destructive?: boolean;
  cancelLabel?: string;
  /** The error alert's title (e.g. "Not deleted"). */
  errorTitle?: string;
  /** Where to go once it succeeds (e.g. the list, after deleting the page's resource); else the page reloads its data. */
  redirectTo?: string;
}

/** The trigger: a small button with `label` as its text and accessible name, or a `trigger` element of the caller's. */
export type ConfirmButtonProps = ConfirmDialogProps & ({ label: string; trigger?: never } | { trigger: React.ReactElement; label?: never });

/** An action that asks first (e.g. remove member, revoke invitation, transfer ownership, delete a link, void an invoice). */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  method,
  url,
  body,
  success,
  variant = "outline",
  destructive = false,
  trigger,
  cancelLabel,
  errorTitle,
  redirectTo,
}: ConfirmButtonProps) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    const res = await sendJson(method, url, body);
    setBusy(false);
    if (!res.ok) return setError(apiErrorMessage(res.status, res.data));
    setOpen(false);
    toast.success(success);
    if (redirectTo) router.push(redirectTo);
    router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && (setOpen(next), setError(null))}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant={variant} size="sm">
            {label}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="error" title={errorTitle}>
            {error}
          </Alert>
        ) : null}
        <DialogActions busy={busy} onConfirm={confirm} variant={destructive ? "destructive" : "default"} cancelLabel={cancelLabel}>
          {confirmLabel}
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
