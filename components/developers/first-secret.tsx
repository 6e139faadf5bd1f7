"use client";

import * as React from "react";

import { CopyButton } from "@/components/ui/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiErrorMessage, postJson } from "@/lib/http/client";

type State = { status: "revealing" } | { status: "shown"; secret: string } | { status: "gone"; message: string } | { status: "error"; message: string };

/**
 * Sign-up's first secret key, revealed on the first visit: the API hands it out once (and forgets it),
 * so it is shown here until the page is left, with a copy button, and never again.
 */
export function FirstSecret({ merchantId, environment }: { merchantId: string; environment: "test" | "live" }) {
  const [state, setState] = React.useState<State>({ status: "revealing" });
  // Strict mode runs effects twice in development: one request, or the second would find nothing left.
  const asked = React.useRef(false);

  const reveal = React.useCallback(async () => {
    const res = await postJson(`/api/merchants/${merchantId}/api-keys/reveal`, { environment });
    if (res.ok) setState({ status: "shown", secret: String(res.data.key.secretKey) });
    else if (res.status === 404) setState({ status: "gone", message: apiErrorMessage(res.status, res.data) });
    else setState({ status: "error", message: apiErrorMessage(res.status, res.data, "Your secret key could not be shown.") });
  }, [merchantId, environment]);

  React.useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void reveal();
  }, [reveal]);

  if (state.status === "revealing") {
    return <p className="text-sm text-muted-foreground">Getting your {environment} secret key…</p>;
  }
  if (state.status === "gone") {
    return (
      <Alert variant="info" title={`Your ${environment} secret key was shown already`}>
        {state.message}
      </Alert>
    );
  }
  if (state.status === "error") {
    return (
      <Alert
        variant="error"
        title="Secret key not shown"
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setState({ status: "revealing" });
              void reveal();
            }}
          >
            Try again
          </Button>
        }
      >
        {state.message}
      </Alert>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-2" data-testid="first-secret">
      <span className="text-sm font-medium">Your {environment} secret key</span>
      <div className="flex items-center gap-2 rounded-lg border border-warning/40 bg-warning-soft px-3 py-1.5">
        <code className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="first-secret-key">
          {state.secret}
        </code>
        <CopyButton value={state.secret} label="secret key" />
      </div>
      <Alert variant="warning" title="Copy it now: it is shown only this once">
        Keep it on your server (for example in <code className="font-mono">PAYLINK_SECRET_KEY</code>), never in a website or app. If you lose it, roll the{" "}
        {environment} secret key below to get a new one.
      </Alert>
    </div>
  );
}
