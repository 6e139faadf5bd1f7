"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Landmark } from "lucide-react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, useIdempotentPost } from "@/lib/http/client";

/** Asks the processor for the customer's own pay-in account number (POST …/customers/:id/virtual-account). */
export function VirtualAccountButton({ merchantId, customerId }: { merchantId: string; customerId: string }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  // A retry after no answer keeps its key, so a flaky network cannot ask the processor twice.
  const create = useIdempotentPost("virtual_account");

  async function onClick() {
    setBusy(true);
    setError(null);
    const res = await create.post(`/api/merchants/${merchantId}/customers/${customerId}/virtual-account`, {});
    setBusy(false);
    if (!res.ok) return setError(apiErrorMessage(res.status, res.data, "The account number could not be created."));
    const account = res.data?.virtualAccount as { bankName?: string; accountNumber?: string } | undefined;
    toast.success("Account number created", account?.accountNumber ? { description: `${account.bankName} ${account.accountNumber}` } : undefined);
    router.refresh();
  }

  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" size="sm" loading={busy} onClick={() => void onClick()}>
          {busy ? null : <Landmark aria-hidden="true" />}
          {busy ? "Creating…" : "Give them an account number"}
        </Button>
      </div>
      {error ? (
        <Alert variant="error" title="No account number yet" role="alert">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
