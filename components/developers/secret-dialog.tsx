"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { Button } from "@/components/ui/button";
import { CopyableCode } from "@/components/ui/copy-button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { apiErrorMessage, type ApiResult } from "@/lib/http/client";

export interface SecretRequest {
  busy: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  /** Sends the request; a `{ key: { secretKey } }` answer turns the dialog into the secret's view, else `error` says why not. */
  run: (request: () => Promise<ApiResult>, fallback: string) => Promise<void>;
}

export interface SecretDialogProps {
  trigger: React.ReactElement;
  contentClassName?: string;
  /** Clears the asking view's own fields once the dialog closes. */
  onClosed?: () => void;
  shown: { title: string; description: string; testId: string; copyLabel: string; warning?: React.ReactNode };
  /** The asking view (a question or a form) before the secret exists. */
  children: (request: SecretRequest) => React.ReactNode;
}

/** A dialog that asks, creates a secret key, and shows it once with a copy button; closing it forgets the secret. */
export function SecretDialog({ trigger, contentClassName, onClosed, shown, children }: SecretDialogProps) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [secret, setSecret] = React.useState<string | null>(null);

  function onOpenChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      // Forget the secret as soon as the dialog closes.
      if (secret) router.refresh();
      setSecret(null);
      setError(null);
      onClosed?.();
    }
  }

  async function run(request: () => Promise<ApiResult>, fallback: string) {
    setBusy(true);
    setError(null);
    const res = await request();
    setBusy(false);
    if (!res.ok) return setError(apiErrorMessage(res.status, res.data, fallback));
    setSecret(String(res.data.key.secretKey));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent onInteractOutside={(e) => (busy || secret) && e.preventDefault()} className={contentClassName}>
        {secret ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{shown.title}</DialogTitle>
              <DialogDescription>{shown.description}</DialogDescription>
            </DialogHeader>
            <CopyableCode value={secret} label={shown.copyLabel} testId={shown.testId} />
            {shown.warning}
            <DialogFooter>
              <DialogClose asChild>
                <Button>I&apos;ve copied it</Button>
              </DialogClose>
            </DialogFooter>
          </div>
        ) : (
          children({ busy, error, setError, run })
        )}
      </DialogContent>
    </Dialog>
  );
}
