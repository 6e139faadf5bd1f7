"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { toast } from "@/components/ui/toast";
import { apiErrorMessage } from "@/lib/http/api-error-message";
import { postJson } from "@/lib/http/post-json";
import { cn } from "@/lib/utils";

/** Test/live switch: stored on the merchant, so every list in the dashboard follows it. */
export function ModeSwitch({ merchantId, environment, disabled = false }: { merchantId: string; environment: "test" | "live"; disabled?: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const live = environment === "live";

  async function toggle() {
    setBusy(true);
    const next = live ? "test" : "live";
    const res = await postJson(`/api/merchants/${merchantId}/environment`, { environment: next }, { method: "PUT" });
    setBusy(false);
    if (!res.ok) {
      toast.error(apiErrorMessage(res.status, res.data, "The mode could not be changed."));
      return;
    }
    toast.success(next === "live" ? "Live mode on: real payments and real money." : "Test mode on: test cards, no real money.");
    router.refresh();
  }

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={live}
        aria-labelledby="mode-switch-label"
        disabled={disabled || busy}
        onClick={toggle}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
          live ? "bg-primary" : "bg-input",
        )}
      >
        <span className={cn("inline-block size-6 rounded-full bg-background shadow transition-transform", live ? "translate-x-5" : "translate-x-0")} />
      </button>
      <span className="text-sm font-medium">
        <span id="mode-switch-label">Live mode</span>
        <span className="block text-xs font-normal text-muted-foreground">{live ? "Showing live data" : "Showing test data"}</span>
      </span>
    </div>
  );
}
