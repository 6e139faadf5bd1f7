"use client";

import * as React from "react";
import { Pencil } from "lucide-react";

import { SettlementAccountForm, type SettlementAccountFormProps } from "@/components/payouts/settlement-account-form";
import { Button } from "@/components/ui/button";

/**
 * With no account yet, the form is open. With one, "Change settlement account" opens it and
 * Cancel (or a save) closes it again, focus returning to the button.
 */
export function SettlementAccountEditor({ hasAccount, ...form }: Omit<SettlementAccountFormProps, "replacing" | "onDone"> & { hasAccount: boolean }) {
  const [open, setOpen] = React.useState(!hasAccount);
  const buttonRef = React.useRef<HTMLButtonElement>(null);
  const wasOpen = React.useRef(open);

  React.useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (hasAccount && !open) {
    return (
      <div>
        <Button ref={buttonRef} variant="outline" onClick={() => setOpen(true)}>
          <Pencil aria-hidden="true" />
          Change settlement account
        </Button>
      </div>
    );
  }
  return <SettlementAccountForm {...form} replacing={hasAccount} onDone={() => setOpen(false)} />;
}
