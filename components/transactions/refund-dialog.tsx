"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Undo2 } from "lucide-react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useTextField } from "@/components/ui/use-text-field";
import { apiErrorMessage, useIdempotentPost } from "@/lib/http/client";
import { formatNaira } from "@/lib/utils";

const REASON_MAX = 200;

/**
 * Naira typed by a person -> integer kobo, exactly (string arithmetic, no floats).
 * Accepts "1250", "1,250.5", "1,250.50", " ₦1 250.50 ", ".5"; rejects more than two decimals,
 * misplaced commas, signs and anything else. Returns null when the text is not an amount.
 */
export function parseNairaToKobo(input: string): number | null {
  const text = input
    .trim()
    .replace(/^(₦|NGN)\s*/i, "")
    .replace(/[\s\u00a0]/g, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? "").replaceAll(",", "");
  const fraction = match[2] ?? "";
  if (whole === "" && fraction === "") return null;
  const wholeDigits = whole.replace(/^0+(?=\d)/, "");
  // ₦90 trillion is far beyond any refund and keeps the result a safe integer.
  if (wholeDigits.length > 13) return null;
  return Number(wholeDigits || "0") * 100 + Number(fraction.padEnd(2, "0"));
}

/** 125050 -> "1,250.50": what the amount field shows by default. */
export function koboToNairaInput(kobo: number): string {
  const whole = Math.trunc(kobo / 100);
  const fraction = String(kobo % 100).padStart(2, "0");
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

export interface RefundDialogProps {
  transactionId: string;
  reference: string;
  /** Amount still refundable, in kobo (amount - refundedAmount). */
  remainingKobo: number;
  /** Whether part of the payment was refunded already (changes the wording). */
  partlyRefunded?: boolean;
  /** Who gets the money back, named in the confirmation step. */
  customerEmail: string;
}

export function RefundDialog({ transactionId, reference, remainingKobo, partlyRefunded = false, customerEmail }: RefundDialogProps) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const amountField = useTextField(() => koboToNairaInput(remainingKobo));
  const [reason, setReason] = React.useState("");
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [submitting, setSubmitting] = React.useState(false);
  // Money leaves only after a second, explicit step that states the amount: the kobo being confirmed.
  const [confirming, setConfirming] = React.useState<number | null>(null);
  // The key is reused only to retry a request whose answer never arrived, so a flaky network cannot refund twice.
  const refund = useIdempotentPost("refund");

  function onOpenChange(next: boolean) {
    if (submitting) return;
    setOpen(next);
    if (next) {
      amountField.reset(koboToNairaInput(remainingKobo));
      setReason("");
      setServerError(null);
      setConfirming(null);
      refund.reset();
    }
  }

  function validateAmount(text: string): number | null {
    const kobo = parseNairaToKobo(text);
    if (kobo === null) {
      amountField.setError("Enter an amount in naira, like 1,250.50");
      return null;
    }
    if (kobo <= 0) {
      amountField.setError("Enter an amount greater than ₦0.00");
      return null;
    }
    if (kobo > remainingKobo) {
      amountField.setError(`You can refund at most ${formatNaira(remainingKobo)}`);
      return null;
    }
    amountField.setError(undefined);
    return kobo;
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const amount = validateAmount(amountField.value);
    if (amount !== null) setConfirming(amount);
  }

  async function send(amount: number) {
    setServerError(null);
    const trimmed = reason.trim();
    const body = { amount, ...(trimmed ? { reason: trimmed } : {}) };
    setSubmitting(true);
    const res = await refund.post(`/api/transactions/${encodeURIComponent(transactionId)}/refund`, body);
    setSubmitting(false);

    if (res.ok) {
      setOpen(false);
      toast.success(`Refunded ${formatNaira(amount)}`, { description: `The customer's refund for ${reference} is on its way.` });
      router.refresh();
      return;
    }
    // Back to the form with the error; offline, the same key is kept for the retry, so the customer cannot be refunded twice.
    setConfirming(null);
    setServerError(
      res.status === 0
        ? "We couldn't reach Paylink. Check your connection and try again; you won't be refunded twice."
        : apiErrorMessage(res.status, res.data, "The refund could not be issued."),
    );
  }

  const typedKobo = parseNairaToKobo(amountField.value);
  const full = typedKobo === remainingKobo;
  const reviewLabel = typedKobo !== null && typedKobo > 0 && typedKobo <= remainingKobo ? `Review refund of ${formatNaira(typedKobo)}` : "Review refund";

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Undo2 aria-hidden="true" />
          Refund
        </Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(e) => submitting && e.preventDefault()} onEscapeKeyDown={(e) => submitting && e.preventDefault()}>
        {confirming !== null ? (
          <div className="grid gap-4" data-testid="refund-confirm">
            <DialogHeader>
              <DialogTitle>Confirm refund</DialogTitle>
              <DialogDescription>
                Refund <strong className="font-semibold text-foreground tabular-nums">{formatNaira(confirming)}</strong> to{" "}
                <strong className="break-all font-semibold text-foreground">{customerEmail}</strong>?
              </DialogDescription>
            </DialogHeader>
            <p className="text-sm text-muted-foreground">
              {confirming === remainingKobo && !partlyRefunded ? "The whole payment goes back" : "This part of the payment goes back"} to the customer&apos;s
              original payment method. A refund cannot be undone.
            </p>
            <DialogFooter>
              <Button variant="outline" disabled={submitting} onClick={() => setConfirming(null)}>
                Back
              </Button>
              <Button variant="destructive" loading={submitting} onClick={() => void send(confirming)}>
                {submitting ? "Refunding…" : `Refund ${formatNaira(confirming)}`}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Refund payment</DialogTitle>
              <DialogDescription>
                {partlyRefunded ? "Part of this payment was refunded already. " : ""}
                You can refund up to <strong className="font-semibold text-foreground">{formatNaira(remainingKobo)}</strong> of{" "}
                <span className="break-all font-mono text-xs">{reference}</span>. The money goes back to the customer&apos;s original payment method.
              </DialogDescription>
            </DialogHeader>

            {serverError ? (
              <Alert variant="error" title="Refund not issued">
                {serverError}
              </Alert>
            ) : null}

            <FormField
              label="Amount (₦)"
              error={amountField.error}
              description={amountField.error ? undefined : full ? "The full remaining amount." : `At most ${formatNaira(remainingKobo)}.`}
            >
              <Input
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amountField.value}
                onChange={amountField.onChange}
                onBlur={() => {
                  const kobo = parseNairaToKobo(amountField.value);
                  if (kobo !== null) amountField.setValue(koboToNairaInput(kobo));
                }}
                className="tabular-nums"
                required
              />
            </FormField>

            <FormField label="Reason" optional description={`${reason.length}/${REASON_MAX} characters. Shared with your webhook endpoints.`}>
              <textarea
                name="reason"
                rows={3}
                maxLength={REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value.slice(0, REASON_MAX))}
                placeholder="e.g. Item out of stock"
                className="flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs placeholder:text-muted-foreground/80 hover:border-foreground/60 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/20 md:text-sm"
              />
            </FormField>

            <DialogActions busy={submitting}>{reviewLabel}</DialogActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
