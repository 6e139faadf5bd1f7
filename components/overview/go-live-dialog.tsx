"use client";

// The go-live confirmation, loaded when the checklist's Go live button is first used
// (go-live-button.tsx): Radix Dialog stays out of the overview's first load.

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArrowRight, Hourglass } from "lucide-react";

import { activationStep, platformStep } from "@/components/payouts/activation-steps";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, sendJson } from "@/lib/http/client";

/** Live mode is locked until the business is ready: the API's 409 names what is missing. */
type Refusal = { message: string; missing: string[] };

/**
 * Asks before switching the member's own view to live (the first switch unlocks the business). When
 * it is not ready after all, shows the API's answer and the steps still to do, each linked to where it is done.
 */
export function GoLiveDialog({ merchantId, open, onOpenChange }: { merchantId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [refusal, setRefusal] = React.useState<Refusal | null>(null);

  function changeOpen(next: boolean) {
    if (busy) return;
    if (next) {
      setError(null);
      setRefusal(null);
    }
    onOpenChange(next);
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    const res = await sendJson("PUT", `/api/merchants/${merchantId}/environment`, { environment: "live" });
    setBusy(false);
    if (res.ok) {
      onOpenChange(false);
      toast.success("Showing live data: real payments and real money.");
      router.refresh();
      return;
    }
    if (res.status === 409 && Array.isArray(res.data?.missing)) {
      setRefusal({ message: apiErrorMessage(res.status, res.data), missing: res.data.missing.filter((m: unknown): m is string => typeof m === "string") });
      return;
    }
    setError(apiErrorMessage(res.status, res.data, "Your view could not be switched to live."));
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent onInteractOutside={(e) => busy && e.preventDefault()} onEscapeKeyDown={(e) => busy && e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{refusal ? "Not ready for live mode yet" : "Switch to live mode?"}</DialogTitle>
          <DialogDescription>
            {refusal
              ? "Live mode unlocks once these steps are done."
              : "You'll see live data. Live payment links, invoices and live API keys charge real customers, and the money is settled to your bank account. Only your own view changes: your teammates keep theirs, and the Test/Live switch at the top takes you back."}
          </DialogDescription>
        </DialogHeader>

        {refusal ? (
          <div className="grid gap-3">
            <Alert variant="warning" title="Live mode is locked">
              {refusal.message}
            </Alert>
            <ul aria-label="Steps still to do" className="grid gap-2">
              {refusal.missing.map((key) => {
                const step = activationStep(key);
                const platform = platformStep(key);
                if (platform) {
                  // The platform's step: no action for the merchant, so no link.
                  return (
                    <li key={key} className="rounded-lg border border-dashed px-3 py-2.5 text-sm" data-testid="platform-step">
                      <span className="block font-medium">{platform.title}</span>
                      <span className="mt-1 flex items-start gap-1.5 text-muted-foreground">
                        <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        <span>
                          <span className="font-medium text-foreground">Waiting on Paylink. </span>
                          {platform.waiting}
                        </span>
                      </span>
                    </li>
                  );
                }
                return (
                  <li key={key} className="rounded-lg border px-3 py-2.5 text-sm">
                    <span className="block font-medium">{step?.title ?? key}</span>
                    {step ? (
                      <Link
                        href={step.href}
                        onClick={() => onOpenChange(false)}
                        className="mt-1 inline-flex min-h-11 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline md:min-h-0"
                      >
                        {step.action}
                        <ArrowRight className="size-4" aria-hidden="true" />
                      </Link>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}

        {error ? (
          <Alert variant="error" title="View not switched">
            {error}
          </Alert>
        ) : null}

        <DialogFooter>
          {refusal ? (
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          ) : (
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </DialogClose>
              <Button onClick={() => void confirm()} loading={busy}>
                Switch to live mode
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
