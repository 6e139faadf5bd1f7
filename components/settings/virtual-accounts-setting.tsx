"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { toast } from "@/components/ui/toast";
import { apiErrorMessage, sendJson } from "@/lib/http/client";
import { SettingSwitch } from "./setting-switch";

/** The business's switch (PUT /api/merchants/:id assignVirtualAccounts): a pay-in account number for each invoice's customer. */
export function VirtualAccountsSetting({ merchantId, enabled, canEdit }: { merchantId: string; enabled: boolean; canEdit: boolean }) {
  const router = useRouter();
  const [checked, setChecked] = React.useState(enabled);
  const [busy, setBusy] = React.useState(false);

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
    <SettingSwitch
      indentHint
      label="Give each invoice's customer a bank account number of their own when the invoice is sent"
      hint={
        canEdit
          ? "Transfers to that number are matched to the customer: they pay their open invoices, oldest first, and anything extra becomes credit for their next invoice."
          : "Only members who can change the business's settings can turn this on or off."
      }
      checked={checked}
      disabled={busy || !canEdit}
      onChange={(next) => void toggle(next)}
    />
  );
}
