"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Power, RefreshCw, RotateCw, Send, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, postJson } from "@/lib/http/client";

type Action = {
  label: string;
  busyLabel: string;
  icon: React.ReactNode;
  path: string;
  method?: string;
  body?: unknown;
  confirm?: string;
  done: string;
  /** The answer carries a queued delivery: the log refreshes again once the worker has tried it. */
  queuesDelivery?: boolean;
};

const POLL_MS = 1_000;
const POLL_FOR_MS = 30_000;

/**
 * Waits (briefly) until the queued delivery has a new attempt, then refreshes the page, so the log
 * shows the result without a reload. A delivery the worker has not reached by then stays "pending".
 */
async function refreshOnceAttempted(deliveryPath: string, attemptsBefore: number, refresh: () => void) {
  for (const giveUpAt = Date.now() + POLL_FOR_MS; Date.now() < giveUpAt;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const res = await fetch(deliveryPath, { headers: { accept: "application/json" } }).catch(() => null);
    if (!res?.ok) continue;
    const data = (await res.json().catch(() => null)) as { delivery?: { attemptCount?: unknown } } | null;
    const attempts = data?.delivery?.attemptCount;
    if (typeof attempts === "number" && attempts > attemptsBefore) return refresh();
  }
}

/** Where the answer's delivery is read back from: `…/webhooks/{webhookId}/deliveries/{id}`. */
function deliveryPath(actionPath: string, data: unknown): { path: string; attempts: number } | null {
  const delivery = (data as { delivery?: { id?: unknown; attemptCount?: unknown } } | null)?.delivery;
  if (typeof delivery?.id !== "string") return null;
  const endpointPath = actionPath.replace(/\/(test|deliveries\/[^/]+\/resend)$/, "");
  return {
    path: `${endpointPath}/deliveries/${encodeURIComponent(delivery.id)}`,
    attempts: typeof delivery.attemptCount === "number" ? delivery.attemptCount : 0,
  };
}

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
    const queued = action.queuesDelivery ? deliveryPath(action.path, res.data) : null;
    if (queued) void refreshOnceAttempted(queued.path, queued.attempts, () => router.refresh());
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
          action={{
            label: "Send test event",
            busyLabel: "Sending…",
            icon: <Send aria-hidden="true" />,
            path: `${base}/test`,
            done: "Test event queued",
            queuesDelivery: true,
          }}
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
        queuesDelivery: true,
      }}
    />
  );
}
