"use client";

import { KeyRound, RefreshCw } from "lucide-react";

import { Alert, ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { postJson } from "@/lib/http/client";
import { SecretDialog } from "./secret-dialog";

type Props = { merchantId: string; environment: "test" | "live"; mode: "create" | "roll" };

/**
 * Create or roll a mode's keys. Rolling asks for confirmation first (the old secret stops working at
 * once); either way the new secret is shown here with a copy button. A live secret is never shown
 * again; a test secret can be shown again on the page.
 */
export function ApiKeyActions({ merchantId, environment, mode }: Props) {
  const label = environment === "live" ? "live" : "test";
  const url = mode === "roll" ? `/api/merchants/${merchantId}/api-keys/roll` : `/api/merchants/${merchantId}/api-keys`;

  return (
    <SecretDialog
      trigger={
        <Button variant={mode === "roll" ? "outline" : "default"} size="sm">
          {mode === "roll" ? <RefreshCw aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          {mode === "roll" ? `Roll ${label} secret key` : `Create ${label} keys`}
        </Button>
      }
      shown={{
        title: `Your new ${label} secret key`,
        description:
          environment === "live"
            ? "Copy it now and keep it on your server. For your security it will not be shown again."
            : "Keep it on your server. You can show it again on this page at any time.",
        testId: "new-secret-key",
        copyLabel: "secret key",
        warning: (
          <Alert variant="warning" title="Treat it like a password">
            Anyone with this key can take payments and read transactions for your business. Never put it in a website or app that customers download.
          </Alert>
        ),
      }}
    >
      {({ busy, error, run }) => (
        <div className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{mode === "roll" ? `Roll the ${label} secret key?` : `Create ${label} keys?`}</DialogTitle>
            <DialogDescription>
              {mode === "roll"
                ? `The current ${label} secret key stops working immediately. Any integration still using it will get 401 errors until you update it with the new key.`
                : `You'll get a ${label} public key and a secret key. ${environment === "live" ? "The secret key is shown once." : "You can show the secret key again at any time."}`}
            </DialogDescription>
          </DialogHeader>
          <ErrorAlert title="Nothing changed" message={error} />
          <DialogActions
            busy={busy}
            onConfirm={() => void run(() => postJson(url, { environment }), "The keys could not be changed.")}
            variant={mode === "roll" ? "destructive" : "default"}
          >
            {mode === "roll" ? "Roll key" : "Create keys"}
          </DialogActions>
        </div>
      )}
    </SecretDialog>
  );
}
