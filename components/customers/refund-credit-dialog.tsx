"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useTextField } from "@/components/ui/use-text-field";
import { apiErrorMessage, useIdempotentPost } from "@/lib/http/client";
import { koboToNairaInput, parseNairaInput } from "@/lib/payments/money";
import { formatNaira } from "@/lib/utils";

/**
 * Gives a customer's credit back (POST …/customers/:id/credit/refund), all of it unless an amount is
 * typed. The dialog is the confirmation, as ConfirmButton's is; it states the amount on its button.
 */
export function RefundCreditDialog({ merchantId, customerId, balanceKobo }: { merchantId: string; customerId: string; balanceKobo: number }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const amountField = useTextField();
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  // Reused only to retry a request whose answer never arrived: credit cannot be refunded twice.
  const refund = useIdempotentPost("credit_refund");

  function onOpenChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (next) {
      amountField.reset();
      setError(null);
      refund.reset();
    }
  }

  /** Blank: all of it (null); else the typed kobo; else why the text is not an amount that fits. */
  function amountOf(text: string): { kobo: number | null } | { error: string } {
    if (text.trim() === "") return { kobo: null };
    const kobo = parseNairaInput(text);
    if (kobo === null) return { error: "Enter an amount in naira, like 1,250.50, or leave it empty for all of it" };
    if (kobo <= 0n) return { error: "Enter an amount greater than ₦0.00" };
    if (kobo > BigInt(balanceKobo)) return { error: `The customer has ${formatNaira(balanceKobo)} of credit` };
    return { kobo: Number(kobo) };
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = amountOf(amountField.value);
    if ("error" in parsed) return amountField.setError(parsed.error);
    const amount = parsed.kobo;
    amountField.setError(undefined);
    setBusy(true);
    const res = await refund.post(`/api/merchants/${merchantId}/customers/${customerId}/credit/refund`, amount === null ? {} : { amount });
    setBusy(false);
    if (!res.ok) return setError(apiErrorMessage(res.status, res.data, "The credit could not be refunded."));
    setOpen(false);
    toast.success(`Refunded ${formatNaira(amount ?? balanceKobo)} of credit`);
    router.refresh();
  }

  const typed = amountField.value.trim() === "" ? BigInt(balanceKobo) : parseNairaInput(amountField.value);
  const fits = typed !== null && typed > 0n && typed <= BigInt(balanceKobo);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Refund credit
        </Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(e) => busy && e.preventDefault()} onEscapeKeyDown={(e) => busy && e.preventDefault()}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Refund credit</DialogTitle>
            <DialogDescription>
              The customer has <strong className="font-semibold text-foreground tabular-nums">{formatNaira(balanceKobo)}</strong> of credit. What you refund
              goes back to them from the payments that made it, and no longer pays their next invoice. A refund cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {error ? (
            <Alert variant="error" title="Not refunded">
              {error}
            </Alert>
          ) : null}
          <FormField label="Amount (₦)" optional error={amountField.error} description={amountField.error ? undefined : "Leave it empty to refund all of it."}>
            <Input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={koboToNairaInput(balanceKobo)}
              value={amountField.value}
              onChange={amountField.onChange}
              className="tabular-nums"
            />
          </FormField>
          <DialogActions busy={busy} variant="destructive">
            {busy ? "Refunding…" : fits ? `Refund ${formatNaira(Number(typed))}` : "Refund"}
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
