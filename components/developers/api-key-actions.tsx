"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { KeyRound, RefreshCw } from "lucide-react";

import { CopyButton } from "@/components/ui/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { apiErrorMessage, postJson } from "@/lib/http/client";

type Props = { merchantId: string; environment: "test" | "live"; mode: "create" | "roll" };

/**
 * Create or roll a mode's keys. Rolling asks for confirmation first (the old secret stops working at
 * once); either way the new secret is shown here with a copy button. A live secret is never shown
 * again; a test secret can be shown again on the page.
 */
export function ApiKeyActions({ merchantId, environment, mode }: Props) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [secret, setSecret] = React.useState<string | null>(null);
  const label = environment === "live" ? "live" : "test";

  function onOpenChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      // Forget the secret as soon as the dialog closes.
      if (secret) router.refresh();
      setSecret(null);
      setError(null);
    }
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    const url = mode === "roll" ? `/api/merchants/${merchantId}/api-keys/roll` : `/api/merchants/${merchantId}/api-keys`;
    const res = await postJson(url, { environment });
    setBusy(false);
    if (!res.ok) {
      setError(apiErrorMessage(res.status, res.data, "The keys could not be changed."));
      return;
    }
    setSecret(String(res.data.key.secretKey));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant={mode === "roll" ? "outline" : "default"} size="sm">
          {mode === "roll" ? <RefreshCw aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          {mode === "roll" ? `Roll ${label} secret key` : `Create ${label} keys`}
        </Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(e) => (busy || secret) && e.preventDefault()}>
        {secret ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Your new {label} secret key</DialogTitle>
              <DialogDescription>
                {environment === "live"
                  ? "Copy it now and keep it on your server. For your security it will not be shown again."
                  : "Keep it on your server. You can show it again on this page at any time."}
              </DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2 rounded-lg border bg-muted px-3 py-2">
              <code className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="new-secret-key">
                {secret}
              </code>
              <CopyButton value={secret} label="secret key" />
            </div>
            <Alert variant="warning" title="Treat it like a password">
              Anyone with this key can take payments and read transactions for your business. Never put it in a website or app that customers download.
            </Alert>
            <DialogFooter>
              <DialogClose asChild>
                <Button>I&apos;ve copied it</Button>
              </DialogClose>
            </DialogFooter>
          </div>
        ) : (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{mode === "roll" ? `Roll the ${label} secret key?` : `Create ${label} keys?`}</DialogTitle>
              <DialogDescription>
                {mode === "roll"
                  ? `The current ${label} secret key stops working immediately. Any integration still using it will get 401 errors until you update it with the new key.`
                  : `You'll get a ${label} public key and a secret key. ${environment === "live" ? "The secret key is shown once." : "You can show the secret key again at any time."}`}
              </DialogDescription>
            </DialogHeader>
            {error ? (
              <Alert variant="error" title="Nothing changed">
                {error}
              </Alert>
            ) : null}
            <DialogActions busy={busy} onConfirm={confirm} variant={mode === "roll" ? "destructive" : "default"}>
              {mode === "roll" ? "Roll key" : "Create keys"}
            </DialogActions>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
