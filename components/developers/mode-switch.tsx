"use client";

import * as React from "react";
import { Rocket } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { cn } from "@/lib/utils";

type Mode = "test" | "live";

const ModeChangeDialog = React.lazy(() => import("@/components/developers/mode-change-dialog").then((m) => ({ default: m.ModeChangeDialog })));
const preloadDialog = () => void import("@/components/developers/mode-change-dialog");

/** The confirmation: its code loads when first opened. */
function LazyModeChangeDialog(props: React.ComponentProps<typeof ModeChangeDialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <React.Suspense fallback={null}>
      <ModeChangeDialog {...props} />
    </React.Suspense>
  );
}

/** Test/live switch: stored on the merchant, so every list in the dashboard follows it. Asks first. */
export function ModeSwitch({ merchantId, environment, disabled = false }: { merchantId: string; environment: Mode; disabled?: boolean }) {
  const [open, setOpen] = React.useState(false);
  const live = environment === "live";

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={live}
        aria-labelledby="mode-switch-label"
        disabled={disabled}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => setOpen(true)}
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
      <LazyModeChangeDialog merchantId={merchantId} target={live ? "test" : "live"} open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** The overview's "Go live" action: the same confirmation as the switch. */
export function GoLiveButton({ merchantId, className }: { merchantId: string; className?: string }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button onPointerEnter={preloadDialog} onFocus={preloadDialog} onClick={() => setOpen(true)} aria-haspopup="dialog" className={className}>
        <Rocket aria-hidden="true" />
        Go live
      </Button>
      <LazyModeChangeDialog merchantId={merchantId} target="live" open={open} onOpenChange={setOpen} />
    </>
  );
}
