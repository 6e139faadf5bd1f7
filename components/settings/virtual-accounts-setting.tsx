"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { toast } from "@/components/ui/toast";
import { apiErrorMessage, sendJson } from "@/lib/http/client";

/** The business's switch (PUT /api/merchants/:id assignVirtualAccounts): a pay-in account number for each invoice's customer. */
export function VirtualAccountsSetting({ merchantId, enabled, canEdit }: { merchantId: string; enabled: boolean; canEdit: boolean }) {
  const router = useRouter();
  const [checked, setChecked] = React.useState(enabled);
  const [busy, setBusy] = React.useState(false);
  const id = React.useId();

  async function toggle(next: boolean) {
    setBusy(true);
    setChecked(next);
    const res = await sendJson("PUT", `/api/merchants/${merchantId}`, { assignVirtualAccounts: next });
    setBusy(false);
    if (res.ok) {
      setChecked(Boolean(res.data?.merchant?.assignVirtualAccounts));
      toast.success(next ? "Customers will get their own account number" : "New invoices no longer give customers an account number");
      router.refresh();
    } else {
      // Not saved: show what is really stored.
      setChecked(!next);
      toast.error(apiErrorMessage(res.status, res.data));
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={busy || !canEdit}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void toggle(e.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-primary disabled:cursor-not-allowed"
        />
        <label htmlFor={id} className="text-sm font-medium leading-5">
          Give each invoice&apos;s customer a bank account number of their own when the invoice is sent
        </label>
      </div>
      <p id={`${id}-hint`} className="pl-8 text-sm text-muted-foreground">
        {canEdit
          ? "Transfers to that number are matched to the customer: they pay their open invoices, oldest first, and anything extra becomes credit for their next invoice."
          : "Only members who can change the business's settings can turn this on or off."}
      </p>
    </div>
  );
}
