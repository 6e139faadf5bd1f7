"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { toast } from "@/components/ui/toast";
import { apiErrorMessage, sendJson } from "@/lib/http/client";

/** The owner's switch: every member must use two-factor sign-in (members without it must enrol at their next visit). */
export function RequireTwoFactorSwitch({ merchantId, required, ownerHasTwoFactor }: { merchantId: string; required: boolean; ownerHasTwoFactor: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const id = React.useId();
  const canTurnOn = ownerHasTwoFactor || required;

  async function toggle(next: boolean) {
    setBusy(true);
    const res = await sendJson("PUT", `/api/merchants/${merchantId}/require-two-factor`, { required: next });
    setBusy(false);
    if (res.ok) {
      toast.success(next ? "Every member now needs two-factor sign-in" : "Two-factor sign-in is no longer required");
      router.refresh();
    } else toast.error(apiErrorMessage(res.status, res.data));
  }

  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={required}
          disabled={busy || !canTurnOn}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void toggle(e.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-primary disabled:cursor-not-allowed"
        />
        <label htmlFor={id} className="text-sm font-medium leading-5">
          Require two-factor sign-in for every member
        </label>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {canTurnOn
          ? "Members without it are asked to set it up the next time they open this business, and can do nothing else here until they have."
          : "Turn on two-factor sign-in for your own account first (above)."}
      </p>
    </div>
  );
}
