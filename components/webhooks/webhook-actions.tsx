"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Power, RefreshCw, RotateCw, Send, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, postJson } from "@/lib/http/client";

type Action = { label: string; busyLabel: string; icon: React.ReactNode; path: string; method?: string; body?: unknown; confirm?: string; done: string };

function ActionButton({ action, variant = "outline" }: { action: Action; variant?: "outline" | "destructive" }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  async function run() {
    if (action.confirm && !window.confirm(action.confirm)) return;
    setBusy(true);
    const res = await postJson(action.path, action.body ?? {}, action.method ? { method: action.method } : undefined);
    setBusy(false);
    if (!res.ok) return void toast.error(apiErrorMessage(res.status, res.data, "That did not work."));
    if (typeof res.data?.webhook?.secretKey === "string") {
      // A rolled secret is shown once, like at creation.
      window.prompt("New signing secret (shown once):", res.data.webhook.secretKey);
    }
    toast.success(action.done);
    router.refresh();
  }
  return (
    <Button variant={variant} size="sm" loading={busy} onClick={run}>
      {action.icon}
      {busy ? action.busyLabel : action.label}
    </Button>
  );
}

export function EndpointActions({ merchantId, webhookId, active }: { merchantId: string; webhookId: string; active: boolean }) {
  const base = `/api/merchants/${merchantId}/webhooks/${webhookId}`;
  return (
    <div className="flex flex-wrap gap-2">
      {active ? (
        <ActionButton
          action={{ label: "Send test event", busyLabel: "Sending…", icon: <Send aria-hidden="true" />, path: `${base}/test`, done: "Test event queued" }}
        />
      ) : null}
      <ActionButton
        action={{
          label: active ? "Disable" : "Enable",
          busyLabel: "Saving…",
          icon: <Power aria-hidden="true" />,
          path: base,
          method: "PUT",
          body: { active: !active },
          done: active ? "Endpoint disabled" : "Endpoint enabled",
        }}
      />
      <ActionButton
        action={{
          label: "Roll secret",
          busyLabel: "Rolling…",
          icon: <RotateCw aria-hidden="true" />,
          path: `${base}/roll-secret`,
          confirm: "Roll the signing secret? The current one stops working immediately.",
          done: "Secret rolled",
        }}
      />
      <ActionButton
        variant="destructive"
        action={{
          label: "Delete",
          busyLabel: "Deleting…",
          icon: <Trash2 aria-hidden="true" />,
          path: base,
          method: "DELETE",
          confirm: "Delete this endpoint and its delivery log?",
          done: "Endpoint deleted",
        }}
      />
    </div>
  );
}

export function ResendButton({ merchantId, webhookId, deliveryId }: { merchantId: string; webhookId: string; deliveryId: string }) {
  return (
    <ActionButton
      action={{
        label: "Resend",
        busyLabel: "Queuing…",
        icon: <RefreshCw aria-hidden="true" />,
        path: `/api/merchants/${merchantId}/webhooks/${webhookId}/deliveries/${deliveryId}/resend`,
        done: "Delivery queued",
      }}
    />
  );
}
