"use client";

import * as React from "react";
import { Eye, EyeOff } from "lucide-react";

import { CopyButton } from "@/components/ui/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiErrorMessage, postJson } from "@/lib/http/client";

type State = { status: "hidden" } | { status: "showing" } | { status: "shown"; secret: string } | { status: "error"; message: string };

/**
 * The test secret key, shown on request as often as needed (each time audited by the API, like
 * Paystack's test keys). It is fetched only when asked for and forgotten on "Hide" or leaving the page.
 */
export function TestSecretKey({ merchantId, preview }: { merchantId: string; preview: string }) {
  const [state, setState] = React.useState<State>({ status: "hidden" });

  async function show() {
    setState({ status: "showing" });
    const res = await postJson(`/api/merchants/${merchantId}/api-keys/reveal`, { environment: "test" });
    if (res.ok) setState({ status: "shown", secret: String(res.data.key.secretKey) });
    else setState({ status: "error", message: apiErrorMessage(res.status, res.data, "Your test secret key could not be shown.") });
  }

  const shown = state.status === "shown";
  return (
    <div className="grid grid-cols-1 gap-1">
      <span className="text-sm font-medium">Secret key</span>
      <div className="flex items-center gap-2 rounded-lg border bg-muted px-3 py-1.5">
        <code className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="test-secret-key" aria-live="polite">
          {shown ? state.secret : preview}
        </code>
        {shown ? <CopyButton value={state.secret} label="test secret key" /> : null}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          loading={state.status === "showing"}
          onClick={() => (shown ? setState({ status: "hidden" }) : void show())}
        >
          {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {shown ? "Hide" : "Show"}
          <span className="sr-only"> test secret key</span>
        </Button>
      </div>
      {state.status === "error" ? (
        <Alert variant="error" title="Not shown">
          {state.message}
        </Alert>
      ) : (
        <span className="text-xs text-muted-foreground">Test keys can be shown at any time. Keep it on your server, never in a website or app.</span>
      )}
    </div>
  );
}
