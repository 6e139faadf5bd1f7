"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { CircleX } from "lucide-react";

import { ErrorAlert } from "@/components/ui/alert";
import { DangerButton } from "@/components/ui/action-buttons";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { RadioCards } from "@/components/ui/radio-cards";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, sendJson } from "@/lib/http/client";

export interface CancelSubscriptionProps {
  merchantId: string;
  subscriptionId: string;
  customer: string;
  /** "12 Dec 2026": when the current (paid or trial) period ends; null when there is none to run out (past due, unpaid). */
  periodEndLabel: string | null;
  /** Already set to end with its period: only "now" is left to choose. */
  endsAtPeriodEnd: boolean;
}

type When = "period_end" | "now";

/** Asks first, and says what each choice means: at the end of the period (no more charges) or now. */
export function CancelSubscription({ merchantId, subscriptionId, customer, periodEndLabel, endsAtPeriodEnd }: CancelSubscriptionProps) {
  const router = useRouter();
  const deferrable = periodEndLabel !== null && !endsAtPeriodEnd;
  const [open, setOpen] = React.useState(false);
  const [when, setWhen] = React.useState<When>(deferrable ? "period_end" : "now");
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    const url = `/api/merchants/${encodeURIComponent(merchantId)}/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`;
    const res = await sendJson("POST", url, { atPeriodEnd: when === "period_end" });
    setBusy(false);
    if (!res.ok) return setError(apiErrorMessage(res.status, res.data));
    setOpen(false);
    toast.success(when === "period_end" ? "Subscription will end with its period" : "Subscription canceled");
    router.refresh();
  }

  const choices: { value: When; label: string; hint: string }[] = [
    ...(deferrable
      ? [
          {
            value: "period_end" as const,
            label: `At the end of the period (${periodEndLabel})`,
            hint: "They keep what they paid for; the card is not charged again.",
          },
        ]
      : []),
    { value: "now", label: "Now", hint: "It ends at once and the card is never charged again. Nothing already paid is refunded." },
  ];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setError(null);
        setWhen(deferrable ? "period_end" : "now");
      }}
    >
      <DialogTrigger asChild>
        <DangerButton icon={<CircleX aria-hidden="true" />} label="Cancel subscription" />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this subscription?</DialogTitle>
          <DialogDescription>
            {customer} will not be charged again once it ends. This cannot be undone: to come back, they subscribe again on the plan&apos;s page.
          </DialogDescription>
        </DialogHeader>
        <ErrorAlert title="Not canceled" message={error} />
        <RadioCards legend="When" name="cancel-when" options={choices} value={when} onChange={setWhen} columns={1} />
        <DialogActions busy={busy} onConfirm={confirm} variant="destructive" cancelLabel="Keep it">
          Cancel subscription
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
