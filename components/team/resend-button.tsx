"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/http/client";
import { failureMessage } from "./roles";

export function ResendButton({ merchantId, invitationId, email }: { merchantId: string; invitationId: string; email: string }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);

  async function resend() {
    setBusy(true);
    const res = await postJson(`/api/merchants/${merchantId}/invitations/${invitationId}/resend`, {});
    setBusy(false);
    if (!res.ok) return void toast.error("Invitation not resent", { description: failureMessage(res.status, res.data) });
    toast.success(`Invitation resent to ${email}`, { description: "The previous link no longer works." });
    router.refresh();
  }

  return (
    <Button variant="outline" size="sm" loading={busy} onClick={resend} aria-label={`Resend invitation to ${email}`}>
      Resend
    </Button>
  );
}
